internal import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SourceText

/// Copies libyaml's events out of it, on the thread that parses (see `LibYAMLEvents`), and does there
/// what can be done per event without the tree: it turns positions into marks, recognises a scalar written
/// verbatim in the source (whose value then needs no copy: the tree reads it where it is written), and
/// resolves the type of a plain scalar. The thread that builds the tree is the busier one.
struct EventCopier {
    private var cursor: MarkCursor
    /// The file's own bytes: the text libyaml reads, but for JSON strings given stand-ins.
    private let original: UnsafeBufferPointer<UInt8>

    init(text: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>) {
        cursor = MarkCursor(text: text)
        self.original = original
    }

    /// Copies `event`, appending to `text` what the event does not find in the source: a value that is not
    /// written verbatim, the tag and the anchor.
    mutating func copy(_ event: yaml_event_t, into text: inout [UInt8]) -> LibYAMLEvents.Event {
        let start = cursor.mark(event.start_mark)
        let end = cursor.mark(event.end_mark)
        var style = YAML_ANY_SCALAR_STYLE
        var tag: UnsafeMutablePointer<yaml_char_t>?
        var anchor: UnsafeMutablePointer<yaml_char_t>?
        var value = 0..<0
        var isVerbatim = false
        var plainKind = YAMLScalar.Kind.string
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            (style, tag, anchor) = (scalar.style, scalar.tag, scalar.anchor)
            let bytes = UnsafeBufferPointer(start: scalar.value, count: scalar.value == nil ? 0 : scalar.length)
            if style == YAML_PLAIN_SCALAR_STYLE { plainKind = YAMLScalar.resolve(utf8: bytes) }
            if let verbatim = verbatimRange(of: bytes, style: style, start: start, end: end) {
                value = verbatim
                isVerbatim = true
            } else {
                let first = text.count
                text.append(contentsOf: bytes)
                value = first..<text.count
            }
        case YAML_ALIAS_EVENT:
            anchor = event.data.alias.anchor
        case YAML_SEQUENCE_START_EVENT:
            (tag, anchor) = (event.data.sequence_start.tag, event.data.sequence_start.anchor)
        case YAML_MAPPING_START_EVENT:
            (tag, anchor) = (event.data.mapping_start.tag, event.data.mapping_start.anchor)
        default:
            break
        }
        return LibYAMLEvents.Event(type: event.type, start: start, end: end, style: style, value: value, isVerbatim: isVerbatim,
                                   plainKind: plainKind, tag: Self.append(tag, to: &text), anchor: Self.append(anchor, to: &text))
    }

    /// Where a scalar's value is written verbatim in the source: between its marks (inside its quotes), when
    /// those bytes are its value (plain, or quoted without escapes, on one line); nil otherwise.
    private func verbatimRange(of value: UnsafeBufferPointer<UInt8>, style: yaml_scalar_style_t, start: Mark, end: Mark) -> Range<Int>? {
        guard style == YAML_PLAIN_SCALAR_STYLE || style == YAML_SINGLE_QUOTED_SCALAR_STYLE || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
        else { return nil }
        let quotes = style == YAML_PLAIN_SCALAR_STYLE ? 0 : 1
        let first = start.offset + quotes
        let last = end.offset - quotes
        guard last - first == value.count, first >= 0, last <= original.count else { return nil }
        guard let source = original.baseAddress, let bytes = value.baseAddress else { return first..<last }
        return memcmp(source + first, bytes, value.count) == 0 ? first..<last : nil
    }

    private static func append(_ string: UnsafeMutablePointer<yaml_char_t>?, to text: inout [UInt8]) -> Range<Int> {
        guard let string else { return 0..<0 }
        let first = text.count
        text.append(contentsOf: UnsafeBufferPointer(start: string, count: strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))))
        return first..<text.count
    }
}
