/// The one place Markdown output escapes user text, so GitHub shows it literally and never as syntax it did
/// not mean: a backslash before `\ \` * _ [ ] < | ~` anywhere, before an `&` that would start an entity,
/// before the `:` of `://` and the `.` of `www.` (GitHub's autolinks), and before a line start that would
/// open a block (`#`, `>`, `-`, `+`, `=`, `1.`, `1)`); a space or tab that starts or ends a line becomes a
/// character reference, so it is neither indentation nor a hard line break. Control characters become
/// U+FFFD; bidi embedding, override and isolate controls are shown visibly as `\u{202E}` (`BidiControls`).
/// (An e-mail address may still be autolinked as `mailto:`, which escaping cannot prevent.)
public enum MarkdownEscaping {
    /// `text` escaped, as if it began a line.
    public static func escape(_ text: String) -> String {
        var buffer: [UInt8] = []
        var state = MarkdownLineState()
        append(text, to: &buffer, state: &state)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends `text`, escaped, to a UTF-8 buffer; a line feed in the text writes `state.continuation` after it.
    static func append(_ text: String, to out: inout [UInt8], state: inout MarkdownLineState) {
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                // Letters, digits, spaces between words and most punctuation need nothing: copied in bulk.
                if !state.atLineStart {
                    let start = index
                    while index < count, isPlain(bytes, at: index) { index += 1 }
                    if start < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                    if index == count { break }
                }
                let byte = bytes[index]
                if state.atLineStart {
                    state.atLineStart = false
                    switch byte {
                    case UInt8(ascii: " "):
                        out.append(contentsOf: "&#32;".utf8)
                        index += 1
                        continue
                    case UInt8(ascii: "\t"):
                        out.append(contentsOf: "&#9;".utf8)
                        index += 1
                        continue
                    case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
                        out.append(backslash)
                        out.append(byte)
                        index += 1
                        continue
                    case UInt8(ascii: "0")...UInt8(ascii: "9"):
                        var end = index
                        while end < count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                        if end < count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
                           end + 1 == count || bytes[end + 1] == UInt8(ascii: " ") || bytes[end + 1] == UInt8(ascii: "\t") {
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                            out.append(backslash)
                            out.append(bytes[end])
                            index = end + 1
                            continue
                        }
                    default:
                        break
                    }
                }
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                     UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                    out.append(backslash)
                    out.append(byte)
                case UInt8(ascii: "#") where state.escapesEveryHash:
                    out.append(backslash)
                    out.append(byte)
                case UInt8(ascii: "&"):
                    if startsEntity(bytes, at: index) { out.append(backslash) }
                    out.append(byte)
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    // Spaces ending a line would be dropped, or make a hard line break.
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") || bytes[index + 1] == UInt8(ascii: "\r") {
                        out.append(contentsOf: (byte == UInt8(ascii: " ") ? "&#32;" : "&#9;").utf8)
                    } else {
                        out.append(byte)
                    }
                case UInt8(ascii: ":"):
                    // `scheme://` would become a GitHub autolink.
                    if index + 2 < count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") {
                        out.append(backslash)
                    }
                    out.append(byte)
                case UInt8(ascii: "."):
                    // So would `www.`.
                    if index >= 3, bytes[index - 3] | 0x20 == UInt8(ascii: "w"), bytes[index - 2] | 0x20 == UInt8(ascii: "w"),
                       bytes[index - 1] | 0x20 == UInt8(ascii: "w") {
                        out.append(backslash)
                    }
                    out.append(byte)
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    if byte == UInt8(ascii: "\r"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    state.lineBreak(into: &out)
                case 0x00..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
                    out.append(contentsOf: HTMLEscaping.replacementCharacter)
                default:
                    if byte == 0xE2, let control = BidiControls.control(in: bytes, at: index) {
                        // Its backslash escaped, so that it shows whatever follows it.
                        out.append(backslash)
                        out.append(contentsOf: BidiControls.visible(control).utf8)
                        index += 3
                        continue
                    }
                    let length = byte >= 0x80 ? HTMLEscaping.forbiddenSequenceLength(bytes, at: index) : 0
                    if length > 0 {
                        out.append(contentsOf: HTMLEscaping.replacementCharacter)
                        index += length
                        continue
                    }
                    out.append(byte)
                }
                index += 1
            }
        }
    }

    /// Whether the byte at `index` is written as it is wherever it stands inside a line: ASCII that no case
    /// of `append` handles (a space only when another follows that is not a line break), or a byte of a
    /// multi-byte sequence that cannot start a forbidden one.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "/"),
             UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: "^"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: ">"):
            return true
        case UInt8(ascii: " "):
            return index + 1 < bytes.count && bytes[index + 1] != UInt8(ascii: "\n") && bytes[index + 1] != UInt8(ascii: "\r")
        case 0x80...0xBF:
            // A continuation byte: its sequence's leading byte was looked at already.
            return true
        case 0xC3...0xE1, 0xE3...0xEE:
            // Leading bytes of sequences that are never C1 controls, noncharacters or bidi controls (0xC2,
            // 0xE2 and 0xEF can be).
            return true
        default:
            return false
        }
    }

    /// Appends literal text that needs no Markdown escaping (code), with control characters other than tab
    /// replaced by U+FFFD and bidi controls shown as `\u{202E}`.
    static func appendLiteral(_ text: String, to out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09) || (value >= 0x7F && value < 0xA0) {
                out.append(contentsOf: HTMLEscaping.replacementCharacter)
            } else if BidiControls.contains(scalar) {
                out.append(contentsOf: BidiControls.visible(scalar).utf8)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// Whether `&` at `index` begins something cmark would read as an entity (`&name;`, `&#10;`, `&#x1F;`).
    private static func startsEntity(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var end = index + 1
        if end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
        let nameStart = end
        while end < bytes.count, (bytes[end] >= 0x30 && bytes[end] <= 0x39) || (bytes[end] | 0x20 >= 0x61 && bytes[end] | 0x20 <= 0x7A) {
            end += 1
        }
        return end > nameStart && end < bytes.count && bytes[end] == UInt8(ascii: ";")
    }

    private static let backslash = UInt8(ascii: "\\")
}

/// Where Markdown output stands within its line, and what a new line must begin with.
struct MarkdownLineState {
    var atLineStart = true
    /// Written after each line feed, e.g. the indentation that keeps text inside a list item.
    var continuation: [UInt8] = []
    /// Inside a heading, where a trailing `#` would be taken as a closing sequence.
    var escapesEveryHash = false

    mutating func lineBreak(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: continuation)
        atLineStart = true
    }
}
