internal import CYAML

/// Turns libyaml's positions into marks. libyaml counts its index in characters; the cursor turns it into
/// a byte offset by walking the text from the last position asked for (positions come nearly in order,
/// so parsing walks the text about once and needs no line table).
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
        var (index, offset) = (self.index, self.offset)
        let count = text.count
        while index < target, offset < count {
            // ASCII bytes are characters: up to eight at a time, as far as the target.
            let step = min(target - index, 8)
            if offset + 8 <= count, let base = text.baseAddress {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                let wanted: UInt64 = step == 8 ? .max : (1 << UInt64(8 * step)) - 1
                if word & wanted & 0x8080_8080_8080_8080 == 0 {
                    index += step
                    offset += step
                    continue
                }
            }
            offset += 1
            while offset < count, text[offset] & 0xC0 == 0x80 { offset += 1 }
            index += 1
        }
        while index > target, offset > 0 {
            offset -= 1
            while offset > 0, text[offset] & 0xC0 == 0x80 { offset -= 1 }
            index -= 1
        }
        (self.index, self.offset) = (index, offset)
        return Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: offset)
    }
}
