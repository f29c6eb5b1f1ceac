/// Decides, by one scan of the bytes, whether text would parse as a single paragraph holding exactly that
/// text — so it can skip cmark. It is conservative: anything that might be Markdown takes the parse.
enum MarkdownFastPath {
    /// Whether `source` is certainly literal text: one line, no surrounding space, no character that starts
    /// inline syntax (`* _ \` ~ [ ] < > & \`), no autolink trigger (`@`, `://`, `www.`), no control
    /// character, and no line start that opens a block (`#`, `-`, `+`, `=`, `1.`, `1)`, indentation).
    static func isLiteral(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            if isBlockStart(first) || last == space { return false }
            if isDigit(first), startsOrderedListMarker(bytes) { return false }
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if isSignificant(byte) {
                    switch byte {
                    case UInt8(ascii: ":"):
                        if index + 2 < count, bytes[index + 1] == slash, bytes[index + 2] == slash { return false }
                    case UInt8(ascii: "w"), UInt8(ascii: "W"):
                        if index + 3 < count, bytes[index + 1] | 0x20 == w, bytes[index + 2] | 0x20 == w,
                           bytes[index + 3] == dot {
                            return false
                        }
                    default:
                        return false
                    }
                }
                index += 1
            }
            return true
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
    private static let w = UInt8(ascii: "w")

    /// ASCII bytes that need a closer look: controls, DEL, inline syntax, autolink triggers.
    @inline(__always)
    private static func isSignificant(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, 0x7F, UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\\"), UInt8(ascii: "@"),
             UInt8(ascii: ":"), UInt8(ascii: "w"), UInt8(ascii: "W"):
            return true
        default:
            return false
        }
    }

    private static func isBlockStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "|"):
            return true
        default:
            return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Whether the text opens with digits followed by `.` or `)` (an ordered list marker, or close to one).
    private static func startsOrderedListMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index < bytes.count && (bytes[index] == dot || bytes[index] == UInt8(ascii: ")"))
    }
}
