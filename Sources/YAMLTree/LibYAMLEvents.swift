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
    /// once, on the thread that allocated it): the kind, the marks, a scalar's style, and where its value,
    /// tag and anchor (an alias's name) are in its batch's text. Plain data, copied without reference
    /// counting; `withValue`, `tag` and `anchor` read the texts.
    struct Event {
        let type: yaml_event_type_t
        let start: yaml_mark_t
        let end: yaml_mark_t
        let style: yaml_scalar_style_t
        /// Where a scalar's value, the tag and the anchor are in the batch's `text` (empty when there is none).
        fileprivate let value: Range<Int>
        fileprivate let tag: Range<Int>
        fileprivate let anchor: Range<Int>

        /// Copies `event`, appending its value, tag and anchor to `text`.
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
            self.value = value
            self.tag = Self.append(tag, to: &text)
            self.anchor = Self.append(anchor, to: &text)
        }

        private static func append(_ string: UnsafeMutablePointer<yaml_char_t>?, to text: inout [UInt8]) -> Range<Int> {
            guard let string else { return 0..<0 }
            let first = text.count
            text.append(contentsOf: UnsafeBufferPointer(start: string, count: strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))))
            return first..<text.count
        }
    }

    enum Next {
        case event(Event)
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
            return .event(Event(event, text: &current.text))
        }
        while position == current.events.count {
            if let failure = current.failure { return .failure(failure) }
            guard !current.isLast else {
                // Only after the caller stopped (the last batch otherwise ends with the stream's end or a
                // failure): an empty end.
                var end = yaml_event_t()
                end.type = YAML_STREAM_END_EVENT
                var none: [UInt8] = []
                return .event(Event(end, text: &none))
            }
            current = channel.receive()
            position = 0
        }
        let event = current.events[position]
        position += 1
        return .event(event)
    }

    /// Calls `body` with the value of a scalar event `next` returned last (empty for any other event).
    func withValue<Result>(of event: Event, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try current.text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[event.value])) }
    }

    /// The tag of an event `next` returned last, if it has one.
    func tag(of event: Event) -> String? {
        event.tag.isEmpty ? nil : current.text.withUnsafeBufferPointer { String(decoding: $0[event.tag], as: UTF8.self) }
    }

    /// The anchor of an event `next` returned last (an alias's name), if it has one.
    func anchor(of event: Event) -> String? {
        event.anchor.isEmpty ? nil : current.text.withUnsafeBufferPointer { String(decoding: $0[event.anchor], as: UTF8.self) }
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
