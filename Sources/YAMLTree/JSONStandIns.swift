/// What libyaml reads in place of the JSON strings it would misread, and what those strings say by JSON's
/// rules (see `JSONSyntaxChecker`).
///
/// A stand-in has the length and the number of scalars of what it replaces and never touches a line break
/// of JSON, so every line, column and offset libyaml reports stays true of the real text.
struct JSONStandIns {
    /// Replacements in ascending order of offset, each as long as the bytes it replaces.
    private(set) var patches: [(offset: Int, bytes: [UInt8])] = []
    /// The value of each string that has a stand-in, by the offset of its opening quote.
    private(set) var values: [Int: String] = [:]

    var isEmpty: Bool { patches.isEmpty }

    private static let question: [UInt8] = [0x3F]                                    // "?" for DEL
    private static let noBreakSpace: [UInt8] = [0xC2, 0xA0]                          // U+00A0 for a C1 control
    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]            // U+FFFD for U+2028 … U+FFFF
    private static let questionEscape = Array(#"\u003F"#.utf8)                       // for a surrogate escape

    /// Decodes the checked JSON string at `range` (quotes included) and records stand-ins for what libyaml
    /// would misread in it.
    mutating func add(string range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound + 1
        let end = range.upperBound - 1
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                let escape = bytes[index + 1]
                guard escape == UInt8(ascii: "u") else {
                    decoded.append(Self.unescaped(escape))
                    index += 2
                    continue
                }
                var value = Self.hex(bytes, at: index + 2)
                var length = 6
                if (0xD800...0xDBFF).contains(value) {
                    let low = Self.hex(bytes, at: index + 8)
                    value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                    patches.append((index, Self.questionEscape))
                    patches.append((index + 6, Self.questionEscape))
                    length = 12
                }
                decoded.append(contentsOf: String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
                index += length
            case 0x7F:
                patches.append((index, Self.question))
                decoded.append(byte)
                index += 1
            case 0xC2 where (0x80...0x9F).contains(bytes[index + 1]):
                patches.append((index, Self.noBreakSpace))
                decoded.append(contentsOf: bytes[index..<(index + 2)])
                index += 2
            case 0xE2 where bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9),
                 0xEF where bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                patches.append((index, Self.replacementCharacter))
                decoded.append(contentsOf: bytes[index..<(index + 3)])
                index += 3
            default:
                decoded.append(byte)
                index += 1
            }
        }
        values[range.lowerBound] = String(decoding: decoded, as: UTF8.self)
    }

    /// `bytes` with every stand-in in place.
    func apply(to bytes: [UInt8]) -> [UInt8] {
        var patched = bytes
        for patch in patches { patched.replaceSubrange(patch.offset..<(patch.offset + patch.bytes.count), with: patch.bytes) }
        return patched
    }

    private static func unescaped(_ escape: UInt8) -> UInt8 {
        switch escape {
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return escape    // " \ /
        }
    }

    private static func hex(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in bytes[offset..<(offset + 4)] { value = value << 4 | (JSONSyntaxChecker.hexValue(byte) ?? 0) }
        return value
    }
}
