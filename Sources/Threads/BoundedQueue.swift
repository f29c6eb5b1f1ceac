/// A queue from one thread to another that holds at most `capacity` elements: `send` waits while it is
/// full and `receive` while it is empty, so memory stays bounded however far the sender runs ahead. The
/// receiver can ask the sender to stop (`stop`), which the sender looks at when it likes (`isStopped`).
package final class BoundedQueue<Element>: @unchecked Sendable {
    private let lock = ConditionLock()
    private let capacity: Int
    private var elements: [Element] = []
    private var stopped = false

    package init(capacity: Int) {
        precondition(capacity > 0, "a queue holds at least one element")
        self.capacity = capacity
    }

    /// Queues an element, waiting while `capacity` wait already.
    package func send(_ element: Element) {
        lock.locked {
            while elements.count >= capacity { lock.wait() }
            elements.append(element)
            lock.broadcast()
        }
    }

    /// The next element, waiting for it.
    package func receive() -> Element {
        lock.locked {
            while elements.isEmpty { lock.wait() }
            lock.broadcast()
            return elements.removeFirst()
        }
    }

    /// Whether the receiver asked the sender to stop.
    package var isStopped: Bool { lock.locked { stopped } }

    /// Asks the sender to stop (it still sends what it must to end: the receiver takes it).
    package func stop() { lock.locked { stopped = true } }
}
