/// Turns byte offsets of UTF-8 text into LSP positions (0-based lines, UTF-16 columns) and back. Lines end
/// at LF, CR LF or CR, as LSP counts them.
package struct LineIndex: Sendable {
    package let bytes: [UInt8]
    /// The offset where each line starts.
    package let lineStarts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The offset where a line's text ends, before its line break.
    package func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The position of a byte offset (clamped to the text; an offset inside a character counts as its start).
    package func position(of rawOffset: Int) -> TextPosition {
        let offset = max(0, min(rawOffset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var character = 0
        var index = lineStarts[low]
        let end = min(offset, lineEnd(low))
        while index < end {
            let width = Self.sequenceLength(bytes[index])
            guard index + width <= end else { break }
            character += width == 4 ? 2 : 1
            index += width
        }
        return TextPosition(line: low, character: character)
    }

    /// The byte offset of a position: a line past the last is the end of the text, a column past the end of its
    /// line is the line's end, and a column inside a surrogate pair is the pair's start.
    package func offset(of position: TextPosition) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let end = lineEnd(position.line)
        var index = lineStarts[position.line]
        var character = 0
        while index < end, character < position.character {
            let width = min(Self.sequenceLength(bytes[index]), end - index)
            let units = width == 4 ? 2 : 1
            if character + units > position.character { break }
            character += units
            index += width
        }
        return index
    }

    /// How many bytes a UTF-8 sequence that starts with `byte` has (1 for a stray continuation byte).
    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }
}
