internal import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libyaml's events for one text, in order, ending with the stream's end or the first error.
///
/// For a large text a thread of its own runs libyaml's parser and hands the events over in batches, so
/// that building the tree (on the calling thread) overlaps parsing. A small text is parsed on the calling
/// thread, one event at a time, as they are asked for.
struct LibYAMLEvents: ~Copyable {
    /// What stopped libyaml, copied out of the parser where it happened.
    struct Failure {
        let error: yaml_error_type_t
        let problem: String?
        let context: String?
        let problemMark: yaml_mark_t
        let contextMark: yaml_mark_t
        let problemOffset: Int
        let problemValue: Int32

        init(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
            error = parser.pointee.error
            problem = parser.pointee.problem.map { String(cString: $0) }
            context = parser.pointee.context.map { String(cString: $0) }
            problemMark = parser.pointee.problem_mark
            contextMark = parser.pointee.context_mark
            problemOffset = parser.pointee.problem_offset
            problemValue = parser.pointee.problem_value
        }
    }

    /// One of libyaml's events, copied out of it where it was parsed (so that libyaml frees its memory at
    /// once, on the thread that allocated it): the kind, the marks, a scalar's style and value, and any tag
    /// and anchor (an alias's name is its anchor).
    struct Event {
        let type: yaml_event_type_t
        let start: yaml_mark_t
        let end: yaml_mark_t
        let style: yaml_scalar_style_t
        let tag: String?
        let anchor: String?
        /// Where a scalar's value is in its batch's `text`.
        fileprivate let value: Range<Int>

        /// Copies `event`, appending a scalar's value to `text`.
        fileprivate init(_ event: yaml_event_t, text: inout [UInt8]) {
            type = event.type
            start = event.start_mark
            end = event.end_mark
            var style = YAML_ANY_SCALAR_STYLE
            var tag: UnsafeMutablePointer<yaml_char_t>?
            var anchor: UnsafeMutablePointer<yaml_char_t>?
            var value = 0..<0
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                (style, tag, anchor) = (scalar.style, scalar.tag, scalar.anchor)
                let first = text.count
                if let bytes = scalar.value { text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: scalar.length)) }
                value = first..<text.count
            case YAML_ALIAS_EVENT:
                anchor = event.data.alias.anchor
            case YAML_SEQUENCE_START_EVENT:
                (tag, anchor) = (event.data.sequence_start.tag, event.data.sequence_start.anchor)
            case YAML_MAPPING_START_EVENT:
                (tag, anchor) = (event.data.mapping_start.tag, event.data.mapping_start.anchor)
            default:
                break
            }
            self.style = style
            self.tag = tag.map { String(cString: $0) }
            self.anchor = anchor.map { String(cString: $0) }
            self.value = value
        }
    }

    enum Next {
        /// An event, and a scalar's value (empty for any other event).
        case event(Event, value: String)
        case failure(Failure)
    }

    /// Events handed from the parsing thread to the caller, with their scalars' values one after another in
    /// `text`; the last batch ends with the stream's end or a failure, or is empty when the caller stopped early.
    private struct Batch: Sendable {
        var events: [Event] = []
        var text: [UInt8] = []
        var failure: Failure?
        var isLast = false
    }

    /// The parser, moved to the parsing thread (only one thread ever uses it at a time).
    private struct ParserHandle: @unchecked Sendable {
        let parser: UnsafeMutablePointer<yaml_parser_t>
    }

    /// The hand-over between the threads: at most `batchesInFlight` batches wait, so memory stays bounded
    /// however far libyaml runs ahead. A pthread mutex and condition variable (which thread sanitizers
    /// understand) guard the queue and the stop flag.
    private final class Channel: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var batches: [Batch] = []
        private var stopped = false

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(changed, nil)
        }

        deinit {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(mutex)
            changed.deallocate()
            mutex.deallocate()
        }

        private func locked<Result>(_ body: () -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }

        /// Queues a batch, waiting while `batchesInFlight` wait already.
        func send(_ batch: Batch) {
            locked {
                while batches.count >= LibYAMLEvents.batchesInFlight { pthread_cond_wait(changed, mutex) }
                batches.append(batch)
                pthread_cond_broadcast(changed)
            }
        }

        /// The next batch, waiting for it.
        func receive() -> Batch {
            locked {
                while batches.isEmpty { pthread_cond_wait(changed, mutex) }
                pthread_cond_broadcast(changed)
                return batches.removeFirst()
            }
        }

        var isStopped: Bool { locked { stopped } }

        func stop() { locked { stopped = true } }
    }

    static let batchSize = 512
    static let batchesInFlight = 4

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let channel: Channel?
    private let producer: BackgroundWork<Bool>?
    private var current = Batch()
    private var position = 0

    /// Events of the text the parser was given; `threaded` runs the parser on a thread of its own (when one
    /// can be made).
    init(parser: UnsafeMutablePointer<yaml_parser_t>, threaded: Bool) {
        self.parser = parser
        guard threaded else {
            channel = nil
            producer = nil
            return
        }
        let channel = Channel()
        let handle = ParserHandle(parser: parser)
        let producer = BackgroundWork(onItsOwnThread: {
            Self.produce(handle.parser, into: channel)
            return true
        })
        self.producer = producer
        self.channel = producer == nil ? nil : channel
    }

    /// The next event, or the failure that ends the events. Not called again after the stream's end or a
    /// failure.
    mutating func next() -> Next {
        guard let channel else {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else { return .failure(Failure(parser)) }
            defer { yaml_event_delete(&event) }
            current.text.removeAll(keepingCapacity: true)
            let copy = Event(event, text: &current.text)
            return .event(copy, value: Self.value(of: copy, in: current.text))
        }
        while position == current.events.count {
            if let failure = current.failure { return .failure(failure) }
            guard !current.isLast else {
                // Only after the caller stopped (the last batch otherwise ends with the stream's end or a
                // failure): an empty end.
                var end = yaml_event_t()
                end.type = YAML_STREAM_END_EVENT
                var none: [UInt8] = []
                return .event(Event(end, text: &none), value: "")
            }
            current = channel.receive()
            position = 0
        }
        let event = current.events[position]
        position += 1
        return .event(event, value: Self.value(of: event, in: current.text))
    }

    private static func value(of event: Event, in text: [UInt8]) -> String {
        event.value.isEmpty ? "" : text.withUnsafeBufferPointer { String(decoding: $0[event.value], as: UTF8.self) }
    }

    /// Stops parsing and waits for the parsing thread to end, taking the batches it still sends.
    mutating func close() {
        guard let channel, let producer else { return }
        channel.stop()
        while !current.isLast { current = channel.receive() }
        _ = producer.result
    }

    /// The parsing thread: parses until the stream's end, a failure, or the caller stops it (looked at
    /// once a batch).
    private static func produce(_ parser: UnsafeMutablePointer<yaml_parser_t>, into channel: Channel) {
        var batch = Batch()
        batch.events.reserveCapacity(batchSize)
        while batch.events.count > 0 || !channel.isStopped {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else {
                batch.failure = Failure(parser)
                batch.isLast = true
                channel.send(batch)
                return
            }
            batch.events.append(Event(event, text: &batch.text))
            yaml_event_delete(&event)
            if batch.events.last?.type == YAML_STREAM_END_EVENT {
                batch.isLast = true
                channel.send(batch)
                return
            }
            if batch.events.count == batchSize {
                channel.send(batch)
                batch = Batch()
                batch.events.reserveCapacity(batchSize)
            }
        }
        batch.isLast = true
        channel.send(batch)
    }
}
