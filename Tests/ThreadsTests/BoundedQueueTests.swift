import Synchronization
import XCTest
import Threads

final class BoundedQueueTests: XCTestCase {
    func testElementsArriveInOrderAndTheSenderWaitsWhileTheQueueIsFull() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let sent = Atomic<Int>(0)
        let sender = BackgroundWork { () -> Bool in
            for value in 0..<100 {
                queue.send(value)
                sent.add(1, ordering: .relaxed)
            }
            return true
        }
        // Nothing is received yet: the sender stops at the capacity, plus the one it is waiting to send.
        while sent.load(ordering: .relaxed) < 2 { sched_yield() }
        usleep(20_000)
        XCTAssertEqual(sent.load(ordering: .relaxed), 2)
        var received: [Int] = []
        for _ in 0..<100 { received.append(queue.receive()) }
        XCTAssertTrue(sender.result)
        XCTAssertEqual(received, Array(0..<100))
    }

    func testTheReceiverCanAskTheSenderToStop() {
        let queue = BoundedQueue<Int>(capacity: 1)
        let sender = BackgroundWork { () -> Int in
            var count = 0
            while !queue.isStopped {
                queue.send(count)
                count += 1
            }
            queue.send(-1)
            return count
        }
        XCTAssertEqual(queue.receive(), 0)
        queue.stop()
        var last = 0
        while last != -1 { last = queue.receive() }
        XCTAssertGreaterThanOrEqual(sender.result, 1)
    }
}
