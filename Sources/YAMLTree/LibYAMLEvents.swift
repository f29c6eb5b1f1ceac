import Threads
internal import CYAML
import SourceText

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
    /// once, on the thread that allocated it; see `EventCopier`): the kind, the marks, a scalar's style,
    /// value and plain type, and where the tag and the anchor (an alias's name) are in its batch's text.
    /// Plain data, copied without reference counting; `withValue`, `tag` and `anchor` read the texts.
    struct Event {
        let type: yaml_event_type_t
        let start: Mark
        let end: Mark
        let style: yaml_scalar_style_t
        /// Where a scalar's value is: in the batch's `text`, or, when `isVerbatim`, in the source (as byte
        /// offsets), where it is written as it is.
        let value: Range<Int>
        let isVerbatim: Bool
        /// The core-schema type of a plain scalar (`.string` for anything else).
        let plainKind: YAMLScalar.Kind
        /// Where the tag and the anchor are in the batch's `text` (empty when there is none).
        fileprivate let tag: Range<Int>
        fileprivate let anchor: Range<Int>

        init(type: yaml_event_type_t, start: Mark, end: Mark, style: yaml_scalar_style_t, value: Range<Int>, isVerbatim: Bool,
             plainKind: YAMLScalar.Kind, tag: Range<Int>, anchor: Range<Int>) {
            (self.type, self.start, self.end, self.style) = (type, start, end, style)
            (self.value, self.isVerbatim, self.plainKind, self.tag, self.anchor) = (value, isVerbatim, plainKind, tag, anchor)
        }

        /// The stream's end where the caller stopped early.
        fileprivate static let end = Event(type: YAML_STREAM_END_EVENT, start: Mark(line: 1, column: 1, offset: 0),
                                           end: Mark(line: 1, column: 1, offset: 0), style: YAML_ANY_SCALAR_STYLE, value: 0..<0,
                                           isVerbatim: false, plainKind: .string, tag: 0..<0, anchor: 0..<0)
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

    /// The parser and the copier, moved to the parsing thread (only one thread ever uses them at a time).
    private struct ParserHandle: @unchecked Sendable {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        let copier: EventCopier
    }

    /// The hand-over between the threads: at most `batchesInFlight` batches wait.
    private typealias Channel = BoundedQueue<Batch>

    static let batchSize = 512
    static let batchesInFlight = 4

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let channel: Channel?
    private let producer: BackgroundWork<Bool>?
    /// The copier when the caller's thread parses.
    private var copier: EventCopier
    private var current = Batch()
    private var position = 0

    /// Events of `text`, which the parser was given; `original` is the file's text, which `text` is but
    /// for stand-ins. `threaded` runs the parser on a thread of its own (when one can be made).
    init(parser: UnsafeMutablePointer<yaml_parser_t>, text: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>,
         threaded: Bool) {
        self.parser = parser
        copier = EventCopier(text: text, original: original)
        guard threaded else {
            channel = nil
            producer = nil
            return
        }
        let channel = Channel(capacity: Self.batchesInFlight)
        let handle = ParserHandle(parser: parser, copier: copier)
        let producer = BackgroundWork(onItsOwnThread: {
            Self.produce(handle.parser, copier: handle.copier, into: channel)
            return true
        })
        self.producer = producer
        self.channel = producer == nil ? nil : channel
    }

    /// The next event, or the failure that ends the events. Not called again after the stream's end or a
    /// failure.
    mutating func next() -> Next {
        // The usual case first, touching nothing but the batch at hand (binding the channel would retain it).
        if position < current.events.count {
            let event = current.events[position]
            position += 1
            return .event(event)
        }
        guard let channel else {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else { return .failure(Failure(parser)) }
            defer { yaml_event_delete(&event) }
            current.text.removeAll(keepingCapacity: true)
            return .event(copier.copy(event, into: &current.text))
        }
        while position == current.events.count {
            if let failure = current.failure { return .failure(failure) }
            guard !current.isLast else {
                // Only after the caller stopped (the last batch otherwise ends with the stream's end or a
                // failure): an empty end.
                return .event(.end)
            }
            current = channel.receive()
            position = 0
        }
        let event = current.events[position]
        position += 1
        return .event(event)
    }

    /// Calls `body` with the value of a scalar event `next` returned last that is not verbatim (see
    /// `Event.value`).
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
        // (Only whether each batch is the last is read: keeping the batches here made the optimizer of
        // Swift 6.3 crash under -sanitize=fuzzer,address.)
        var isLast = current.isLast
        while !isLast { isLast = channel.receive().isLast }
        _ = producer.result
    }

    /// The parsing thread: parses until the stream's end, a failure, or the caller stops it (looked at
    /// once a batch).
    private static func produce(_ parser: UnsafeMutablePointer<yaml_parser_t>, copier: EventCopier, into channel: Channel) {
        var copier = copier
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
            batch.events.append(copier.copy(event, into: &batch.text))
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
