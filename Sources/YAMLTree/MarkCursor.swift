internal import CYAML
import SourceText

/// Turns libyaml's positions into marks. libyaml counts its index in characters; the cursor turns it into
/// a byte offset by walking the text from the last position asked for (positions come nearly in order,
/// so parsing walks the text about once and needs no line table). It runs for both ends of every event,
/// on the parsing thread, which is the busier one: ASCII is skipped eight bytes at a time, and a short
/// distance (the usual one, between the end of one scalar and the start of the next) byte by byte.
struct MarkCursor {
    /// The text libyaml reads.
    let text: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var offset = 0

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    mutating func mark(_ mark: yaml_mark_t) -> Mark {
        let target = Int(mark.index)
        if target >= index {
            advance(by: target - index)
        } else {
            retreat(by: index - target)
        }
        return Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: offset)
    }

    /// Moves forward by `count` characters (less at the end of the text).
    private mutating func advance(by count: Int) {
        guard let base = text.baseAddress else { return }
        let end = text.count
        var remaining = count
        var offset = self.offset
        while remaining >= 8, offset &+ 8 <= end {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            guard word & 0x8080_8080_8080_8080 == 0 else { break }
            offset &+= 8
            remaining &-= 8
        }
        while remaining > 0, offset < end {
            offset &+= 1
            if base[offset &- 1] >= 0x80 {
                while offset < end, base[offset] & 0xC0 == 0x80 { offset &+= 1 }
            }
            remaining &-= 1
        }
        self.offset = offset
        index &+= count &- remaining
    }

    /// Moves back by `count` characters (less at the start of the text).
    private mutating func retreat(by count: Int) {
        var remaining = count
        while remaining > 0, offset > 0 {
            offset -= 1
            while offset > 0, text[offset] & 0xC0 == 0x80 { offset -= 1 }
            remaining -= 1
        }
        index -= count - remaining
    }
}
