/// The text of one input, decoded to UTF-8, with a table of line starts for turning positions into
/// marks and back.
///
/// UTF-16 and UTF-32 input with a byte order mark is transcoded to UTF-8 and a UTF-8 byte order mark is
/// dropped; offsets always refer to `bytes`. Line breaks are those of YAML 1.1 (LF, CR LF, CR, NEL, LS,
/// PS), the same ones libyaml counts.
public final class SourceFile: Sendable {
    /// The name shown in diagnostics (a path as the user wrote it, or `<stdin>`).
    public let name: String
    /// The UTF-8 text.
    public let bytes: [UInt8]
    /// The encoding the input arrived in.
    public let encoding: SourceEncoding
    /// The offset of the first byte that is not valid UTF-8, if any.
    public let firstInvalidUTF8Offset: Int?
    /// The offset of the first NUL byte, if any.
    public let firstNULOffset: Int?
    /// Byte offsets where each line starts; `lineStarts[0] == 0`. (32 bits, as in `Mark`: a 10 MB
    /// manifest has some 400,000 lines.)
    let lineStarts: [UInt32]
    /// Whether each line is pure ASCII (so a column is a byte count).
    let asciiLines: [Bool]

    public convenience init(name: String, text: String) {
        self.init(name: name, contents: Array(text.utf8))
    }

    public init(name: String, contents: [UInt8]) {
        self.name = name
        let (encoding, utf8) = SourceFile.decode(contents)
        self.encoding = encoding
        self.bytes = utf8
        var scan = LineScanner()
        utf8.withUnsafeBufferPointer { scan.run($0) }
        self.lineStarts = scan.lineStarts
        self.asciiLines = scan.asciiLines
        self.firstInvalidUTF8Offset = scan.firstInvalidUTF8
        self.firstNULOffset = scan.firstNUL
    }

    /// The number of lines.
    public var lineCount: Int { lineStarts.count }

    /// The mark of a 1-based line and a 0-based scalar column, as libyaml reports them.
    public func mark(line: Int, scalarColumn: Int) -> Mark {
        guard line >= 1, line <= lineStarts.count else {
            return mark(atOffset: line < 1 ? 0 : bytes.count)
        }
        let start = Int(lineStarts[line - 1])
        if asciiLines[line - 1] {
            return Mark(line: line, column: scalarColumn + 1, offset: min(start + scalarColumn, bytes.count))
        }
        var offset = start
        var remaining = scalarColumn
        while remaining > 0, offset < bytes.count {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return Mark(line: line, column: scalarColumn + 1, offset: offset)
    }

    /// The mark of a byte offset (clamped to the text).
    public func mark(atOffset rawOffset: Int) -> Mark {
        let offset = max(0, min(rawOffset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        let start = Int(lineStarts[low])
        var column = 1
        var index = start
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        if index > offset { column -= 1 }
        return Mark(line: low + 1, column: column, offset: offset)
    }

    /// The text of a 1-based line without its line break (invalid UTF-8 repaired).
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) : bytes.count
        while end > start {
            let byte = bytes[end - 1]
            if byte == 0x0A || byte == 0x0D { end -= 1; continue }
            // NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9) end a line too.
            if end - start >= 2, bytes[end - 2] == 0xC2, byte == 0x85 { end -= 2; continue }
            if end - start >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, byte == 0xA8 || byte == 0xA9 {
                end -= 3
                continue
            }
            break
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The text between two offsets.
    public func text(in range: SourceRange) -> String {
        let start = max(0, min(range.start.offset, bytes.count))
        let end = max(start, min(range.end.offset, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The mark just past the last byte.
    public var endMark: Mark { mark(atOffset: bytes.count) }

    private static func decode(_ raw: [UInt8]) -> (SourceEncoding, [UInt8]) {
        if raw.count >= 4, raw[0] == 0x00, raw[1] == 0x00, raw[2] == 0xFE, raw[3] == 0xFF {
            return (.utf32BigEndian, transcodeUTF32(raw, from: 4, bigEndian: true))
        }
        if raw.count >= 4, raw[0] == 0xFF, raw[1] == 0xFE, raw[2] == 0x00, raw[3] == 0x00 {
            return (.utf32LittleEndian, transcodeUTF32(raw, from: 4, bigEndian: false))
        }
        if raw.count >= 2, raw[0] == 0xFE, raw[1] == 0xFF {
            return (.utf16BigEndian, transcodeUTF16(raw, from: 2, bigEndian: true))
        }
        if raw.count >= 2, raw[0] == 0xFF, raw[1] == 0xFE {
            return (.utf16LittleEndian, transcodeUTF16(raw, from: 2, bigEndian: false))
        }
        if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
            return (.utf8, Array(raw[3...]))
        }
        return (.utf8, raw)
    }

    private static func transcodeUTF16(_ raw: [UInt8], from start: Int, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity((raw.count - start) / 2)
        var index = start
        while index + 1 < raw.count {
            let (a, b) = (UInt16(raw[index]), UInt16(raw[index + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private static func transcodeUTF32(_ raw: [UInt8], from start: Int, bigEndian: Bool) -> [UInt8] {
        var scalars = String.UnicodeScalarView()
        var index = start
        while index + 3 < raw.count {
            let bytes = (UInt32(raw[index]), UInt32(raw[index + 1]), UInt32(raw[index + 2]), UInt32(raw[index + 3]))
            let value = bigEndian
                ? bytes.0 << 24 | bytes.1 << 16 | bytes.2 << 8 | bytes.3
                : bytes.3 << 24 | bytes.2 << 16 | bytes.1 << 8 | bytes.0
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            index += 4
        }
        return Array(String(scalars).utf8)
    }
}

/// The encoding an input arrived in.
public enum SourceEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"
}

/// One pass over the bytes: line starts, ASCII-only lines, the first invalid UTF-8 byte and first NUL.
private struct LineScanner {
    var lineStarts: [UInt32] = [0]
    var asciiLines: [Bool] = []
    var firstInvalidUTF8: Int?
    var firstNUL: Int?

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var index = 0
        var lineIsASCII = true
        while index < count {
            let byte = bytes[index]
            // Nearly every byte is printable ASCII, past CR (0x0D), the highest byte looked at below.
            if byte > 0x0D, byte < 0x80 {
                index += 1
                continue
            }
            if byte < 0x80 {
                if byte == 0x0A {
                    newLine(at: index + 1, ascii: lineIsASCII)
                    lineIsASCII = true
                } else if byte == 0x0D {
                    let next = index + 1 < count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
                    newLine(at: next, ascii: lineIsASCII)
                    lineIsASCII = true
                    index = next
                    continue
                } else if byte == 0, firstNUL == nil {
                    firstNUL = index
                }
                index += 1
                continue
            }
            lineIsASCII = false
            let length = sequenceLength(bytes, at: index)
            if length == 0 {
                if firstInvalidUTF8 == nil { firstInvalidUTF8 = index }
                index += 1
                continue
            }
            let isBreak = (length == 2 && byte == 0xC2 && bytes[index + 1] == 0x85)
                || (length == 3 && byte == 0xE2 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
            index += length
            if isBreak {
                newLine(at: index, ascii: false)
                lineIsASCII = true
            }
        }
        asciiLines.append(lineIsASCII)
    }

    private mutating func newLine(at offset: Int, ascii: Bool) {
        asciiLines.append(ascii)
        lineStarts.append(UInt32(clamping: offset))
    }

    /// The length of a valid UTF-8 sequence at `index`, or 0 if it is invalid.
    private func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return 0 }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return 0 }
        return length
    }
}
