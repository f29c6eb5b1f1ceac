#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of one input, decoded to UTF-8, with a table of line starts for turning positions into
/// marks and back.
///
/// UTF-16 and UTF-32 input with a byte order mark is transcoded to UTF-8 and a UTF-8 byte order mark is
/// dropped; offsets always refer to `bytes`. Line breaks are those of YAML 1.1 (LF, CR LF, CR, NEL, LS,
/// PS), the same ones libyaml counts; in JSON only LF, CR LF and CR end a line (NEL, LS and PS can only be
/// characters of a string there, and `YAMLParser` hides them from libyaml).
///
/// The line table is made on first use: the parser takes its positions from libyaml, so reading a valid
/// file needs none; a diagnostic's excerpt or a position found by offset does. So is the search for bytes
/// that are not valid UTF-8 or NUL: libyaml rejects both while it reads, and the parser asks only to
/// explain why reading failed.
package final class SourceFile: Sendable {
    /// The name shown in diagnostics (a path as the user wrote it, or `<stdin>`).
    package let name: String
    /// The UTF-8 text.
    package let bytes: [UInt8]
    /// The encoding the input arrived in.
    package let encoding: SourceEncoding
    /// Whether the text is YAML or JSON, which end lines differently.
    package let format: YAMLInputFormat
    /// The offset of the first byte that is not valid UTF-8, if any.
    package var firstInvalidUTF8Offset: Int? { problems.invalid }
    /// The offset of the first NUL byte, if any.
    package var firstNULOffset: Int? { problems.nul }
    /// Its number in the file table, which locations name it by.
    package let id: SourceFileID
    private let lineTable = Lazy<LineTable>()
    private let encodingProblems = Lazy<(invalid: Int?, nul: Int?)>()

    /// How many scalar columns lie between two checkpoints.
    static let checkpointSpacing = 64

    package convenience init(name: String, text: String, format: YAMLInputFormat? = nil) {
        self.init(name: name, contents: Array(text.utf8), format: format)
    }

    /// The text of `contents`; `format` defaults to the one `name`'s extension gives.
    package init(name: String, contents: [UInt8], format: YAMLInputFormat? = nil) {
        self.name = name
        self.format = format ?? YAMLInputFormat(fileName: name)
        let (encoding, utf8) = SourceFile.decode(contents)
        self.encoding = encoding
        self.bytes = utf8
        id = SourceFileTable.shared.reserve()
        SourceFileTable.shared.enter(self)
    }

    deinit {
        SourceFileTable.shared.remove(id)
    }

    /// The first invalid UTF-8 byte and the first NUL, found the first time they are asked for.
    private var problems: (invalid: Int?, nul: Int?) {
        encodingProblems.value { bytes.withUnsafeBufferPointer(UTF8Check.firstProblems) }
    }

    /// The line table, made the first time it is asked for.
    private var lines: LineTable {
        lineTable.value {
            var scan = LineScanner(unicodeBreaks: format == .yaml)
            bytes.withUnsafeBufferPointer { scan.run($0) }
            return LineTable(lineStarts: scan.lineStarts, asciiLines: scan.asciiLines, checkpoints: scan.checkpoints,
                             firstCheckpoint: scan.firstCheckpoint)
        }
    }

    /// The number of lines.
    package var lineCount: Int { lines.lineStarts.count }

    /// The mark of a 1-based line and a 0-based scalar column, as libyaml reports them.
    package func mark(line: Int, scalarColumn: Int) -> Mark {
        let (lineStarts, asciiLines, checkpoints, firstCheckpoint) = lines.parts
        guard line >= 1, line <= lineStarts.count else {
            return mark(atOffset: line < 1 ? 0 : bytes.count)
        }
        let start = lineStarts[line - 1]
        if asciiLines[line - 1] {
            return Mark(line: line, column: scalarColumn + 1, offset: min(start + scalarColumn, bytes.count))
        }
        let lineCheckpoints = firstCheckpoint[line - 1]..<firstCheckpoint[line]
        let skipped = min(scalarColumn / Self.checkpointSpacing, lineCheckpoints.count)
        var offset = skipped > 0 ? checkpoints[lineCheckpoints.lowerBound + skipped - 1] : start
        var remaining = scalarColumn - skipped * Self.checkpointSpacing
        bytes.withUnsafeBufferPointer { bytes in
            while remaining > 0, offset < bytes.count {
                offset += 1
                while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                remaining -= 1
            }
        }
        return Mark(line: line, column: scalarColumn + 1, offset: offset)
    }

    /// The mark of a byte offset (clamped to the text).
    package func mark(atOffset rawOffset: Int) -> Mark {
        let offset = max(0, min(rawOffset, bytes.count))
        let (lineStarts, _, checkpoints, firstCheckpoint) = lines.parts
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        // Start from the line's last checkpoint at or before the offset.
        var column = 1
        var index = lineStarts[low]
        var first = firstCheckpoint[low]
        var last = firstCheckpoint[low + 1]
        while first < last {
            let mid = (first + last) / 2
            if checkpoints[mid] <= offset { first = mid + 1 } else { last = mid }
        }
        if first > firstCheckpoint[low] {
            index = checkpoints[first - 1]
            column = 1 + (first - firstCheckpoint[low]) * Self.checkpointSpacing
        }
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        if index > offset { column -= 1 }
        return Mark(line: low + 1, column: column, offset: offset)
    }

    /// The text of a 1-based line without its line break (invalid UTF-8 repaired).
    package func lineText(_ line: Int) -> String {
        let lineStarts = lines.lineStarts
        guard line >= 1, line <= lineStarts.count else { return "" }
        return String(decoding: bytes[lineStarts[line - 1]..<lineEnd(line)], as: UTF8.self)
    }

    /// The offset where a 1-based line's text ends, before its line break.
    private func lineEnd(_ line: Int) -> Int {
        let lineStarts = lines.lineStarts
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start {
            let byte = bytes[end - 1]
            if byte == 0x0A || byte == 0x0D { end -= 1; continue }
            guard format == .yaml else { break }
            // NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9) end a YAML line too.
            if end - start >= 2, bytes[end - 2] == 0xC2, byte == 0x85 { end -= 2; continue }
            if end - start >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, byte == 0xA8 || byte == 0xA9 {
                end -= 3
                continue
            }
            break
        }
        return end
    }

    /// A part of a 1-based line around `offset` (a scalar boundary on that line), without the line break: at
    /// most `before` scalars before it and `after` scalars from it on. `startColumn` is the 1-based column
    /// of its first scalar; `clippedStart`/`clippedEnd` say whether the line goes on. The cost depends on
    /// `before + after`, not on the length of the line.
    package func lineExcerpt(_ line: Int, around offset: Int, before: Int, after: Int)
        -> (text: String, startColumn: Int, clippedStart: Bool, clippedEnd: Bool) {
        let lineStarts = lines.lineStarts
        guard line >= 1, line <= lineStarts.count else { return ("", 1, false, false) }
        let lineStart = lineStarts[line - 1]
        let lineEnd = lineEnd(line)
        let anchor = max(lineStart, min(offset, lineEnd))
        var start = anchor
        var skipped = 0
        while start > lineStart, skipped < before {
            start -= 1
            while start > lineStart, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            skipped += 1
        }
        var end = anchor
        var taken = 0
        while end < lineEnd, taken < after {
            end += 1
            while end < lineEnd, bytes[end] & 0xC0 == 0x80 { end += 1 }
            taken += 1
        }
        return (String(decoding: bytes[start..<end], as: UTF8.self), mark(atOffset: start).column, start > lineStart, end < lineEnd)
    }

    /// The text between two offsets.
    package func text(in range: SourceRange) -> String {
        let start = max(0, min(range.start.offset, bytes.count))
        let end = max(start, min(range.end.offset, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The mark just past the last byte.
    package var endMark: Mark { mark(atOffset: bytes.count) }

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
package enum SourceEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"
}

/// Where each line starts, which lines are ASCII, and column checkpoints (see `LineScanner`).
struct LineTable: Sendable {
    /// Byte offsets where each line starts; `lineStarts[0] == 0`.
    let lineStarts: [Int]
    /// Whether each line is pure ASCII (so a column is a byte count).
    let asciiLines: [Bool]
    /// The byte offset of every `SourceFile.checkpointSpacing`-th scalar column of every line, so turning a
    /// column into an offset (and back) walks at most that many scalars, even on a line of megabytes (a
    /// minified JSON file). Line `i`'s checkpoints are `checkpoints[firstCheckpoint[i]..<firstCheckpoint[i + 1]]`,
    /// for the columns `spacing`, `2 × spacing`, … (0-based).
    let checkpoints: [Int]
    let firstCheckpoint: [Int]

    var parts: ([Int], [Bool], [Int], [Int]) { (lineStarts, asciiLines, checkpoints, firstCheckpoint) }
}

/// A value made once, by whichever thread first asks, under a pthread mutex (which thread sanitizers
/// understand).
private final class Lazy<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var made: Value?

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func value(_ make: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}

/// The first byte that is not valid UTF-8 and the first NUL, found before anything reads the text.
enum UTF8Check {
    static func firstProblems(_ bytes: UnsafeBufferPointer<UInt8>) -> (invalid: Int?, nul: Int?) {
        var invalid: Int?
        var nul: Int?
        var index = 0
        while index < bytes.count, invalid == nil || nul == nil {
            index = skipASCII(bytes, from: index, lowest: 1)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0, nul == nil { nul = index }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length == 0 {
                if invalid == nil { invalid = index }
                index += 1
            } else {
                index += length
            }
        }
        return (invalid, nul)
    }

    /// Skips ASCII bytes from `lowest` (at most 0x80) to 0x7F eight at a time, up to `limit`; returns where
    /// the byte-by-byte scan goes on.
    static func skipASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, lowest: UInt8, limit: Int = .max) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let lows = UInt64(lowest) &* 0x0101_0101_0101_0101
        var index = start
        let end = min(bytes.count, limit)
        while index + 8 <= end {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let nonASCII = word & 0x8080_8080_8080_8080
            // Sets a byte's high bit for a byte below `lowest` (and only then, since no byte is 0x80 or above).
            let below = (word &- lows) & ~word & 0x8080_8080_8080_8080
            if nonASCII | below != 0 { break }
            index += 8
        }
        return index
    }

    /// The length of a valid UTF-8 sequence at `index`, or 0 if it is invalid.
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
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

/// One pass over the bytes: line starts, ASCII-only lines and column checkpoints.
private struct LineScanner {
    /// Whether NEL, LS and PS end lines (YAML), or only LF, CR LF and CR (JSON).
    let unicodeBreaks: Bool
    var lineStarts: [Int] = [0]
    var asciiLines: [Bool] = []
    var checkpoints: [Int] = []
    var firstCheckpoint: [Int] = [0]
    /// The next column (0-based) of the current line that gets a checkpoint.
    private var nextCheckpointColumn = SourceFile.checkpointSpacing
    /// The column of the next byte that starts one (every byte but a UTF-8 continuation byte does, as
    /// `SourceFile.mark` counts them).
    private var column = 0

    init(unicodeBreaks: Bool) {
        self.unicodeBreaks = unicodeBreaks
    }

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Lines of a manifest average some 40 bytes: reserving for one per 24 spares the copies of growing.
        let expectedLines = bytes.count / 24 + 1
        lineStarts.reserveCapacity(expectedLines)
        asciiLines.reserveCapacity(expectedLines)
        firstCheckpoint.reserveCapacity(expectedLines)
        let count = bytes.count
        var index = 0
        var lineIsASCII = true
        while index < count {
            index = skipPrintableASCII(bytes, from: index)
            guard index < count else { break }
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                if column == nextCheckpointColumn {
                    checkpoints.append(index)
                    nextCheckpointColumn += SourceFile.checkpointSpacing
                }
                column += 1
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
                }
                index += 1
                continue
            }
            lineIsASCII = false
            let length = UTF8Check.sequenceLength(bytes, at: index)
            if length == 0 {
                index += 1
                continue
            }
            let isBreak = unicodeBreaks && ((length == 2 && byte == 0xC2 && bytes[index + 1] == 0x85)
                || (length == 3 && byte == 0xE2 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)))
            index += length
            if isBreak {
                newLine(at: index, ascii: false)
                lineIsASCII = true
            }
        }
        asciiLines.append(lineIsASCII)
        firstCheckpoint.append(checkpoints.count)
    }

    /// Skips printable ASCII (0x20 to 0x7F) eight bytes at a time, up to the next column that gets a
    /// checkpoint: most of a manifest is such text, and each of its bytes is one column of the same line.
    /// Returns where the byte-by-byte scan goes on.
    private mutating func skipPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let end = UTF8Check.skipASCII(bytes, from: start, lowest: 0x20, limit: start + (nextCheckpointColumn - column))
        column += end - start
        return end
    }

    private mutating func newLine(at offset: Int, ascii: Bool) {
        asciiLines.append(ascii)
        lineStarts.append(offset)
        firstCheckpoint.append(checkpoints.count)
        column = 0
        nextCheckpointColumn = SourceFile.checkpointSpacing
    }
}

extension SourceFile: Hashable {
    package static func == (lhs: SourceFile, rhs: SourceFile) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
