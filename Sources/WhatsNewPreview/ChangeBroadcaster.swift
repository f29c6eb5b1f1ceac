import Threads

/// Hands each new generation to every open page's event stream; `finish` ends them all (the server is stopping).
final class ChangeBroadcaster: Sendable {
    /// The most pages listened to at once; a page beyond it is told to wait (one person previews a few).
    static let maxListeners = 64

    private struct Listeners {
        var next = 0
        var streams: [Int: AsyncStream<Int>.Continuation] = [:]
        var finished = false
    }

    private let listeners = Locked(Listeners())

    /// A stream of the generations published from now on, or nil when there are too many listeners.
    func subscribe() -> AsyncStream<Int>? {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = listeners.withLock { listeners in
            guard listeners.streams.count < Self.maxListeners else { return nil }
            listeners.next += 1
            if !listeners.finished { listeners.streams[listeners.next] = continuation }
            return listeners.next
        }
        guard let id else { return nil }
        if listeners.withLock({ $0.finished }) { continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    func publish(_ generation: Int) {
        for continuation in listeners.withLock({ Array($0.streams.values) }) { continuation.yield(generation) }
    }

    /// Ends every stream, and every later one at once.
    func finish() {
        let streams = listeners.withLock { listeners in
            listeners.finished = true
            return Array(listeners.streams.values)
        }
        for continuation in streams { continuation.finish() }
    }
}
