import WhatsNewText

/// The one place Markdown output escapes user text, so GitHub shows it literally and never as syntax it did
/// not mean — and only where GitHub would misread it, so the raw file reads as it was written (`snake_case`,
/// `C#`, `~/Library`, `C:\Users`). A backslash goes:
/// - before `` ` `` anywhere; before `*` and `_` unless the run can neither open nor close emphasis (white
///   space on both sides, or `_` between two letters or digits); before a `~` run that could pair with another
///   one of its paragraph into strikethrough (`MarkdownLineState.tildes`, found by `MarkdownRenderer`);
/// - before `\` when punctuation (or what the caller writes next) follows; before `<` that could open a tag or
///   an autolink; before `|` (a table) outside headings; before `[` and `]` inside a link's text, and
///   elsewhere before `]` followed by `(` and a `[` that starts a line; before an `&` that would start an entity;
/// - before the `:` of `http://`, `https://`, `ftp://` and the `.` of `www.` where GitHub would autolink them,
///   except inside a link's text, where it makes no autolink; in a heading, before a `#` that would be taken as its closing sequence;
/// - before a line start that would open a block (`#`, `>`, `-`, `+`, `=`, `*`, `_`, `1.`, `1)`, `[`, `~~~`) or
///   be a table's delimiter row (`:-`, `-|-`);
///   a space or tab that starts or ends a line becomes a character reference, so it is neither indentation
///   nor a hard line break.
/// Control characters become U+FFFD; bidi embedding, override and isolate controls are shown visibly as
/// `\u{202E}` (`BidiControls`). (An e-mail address may still be autolinked as `mailto:`, which escaping
/// cannot prevent.) `MarkdownEscapingTests` proves each escape, and each place left without one, through
/// cmark-gfm.
package enum MarkdownEscaping {
    /// `text` escaped, as if it began a line of a paragraph of its own.
    package static func escape(_ text: String) -> String {
        MarkdownRenderer().render(inlines: text.isEmpty ? [] : [.text(text)])
    }

    /// Appends `text`, escaped, to a UTF-8 buffer; a line feed in the text writes `state.continuation` after it.
    package static func append(_ text: String, to out: inout [UInt8], state: inout MarkdownLineState) {
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
                    if let end = lineStart(bytes, at: index, to: &out, state: &state) {
                        index = end
                        continue
                    }
                }
                switch byte {
                case UInt8(ascii: "`"):
                    out.append(backslash)
                    out.append(byte)
                case UInt8(ascii: "|") where !state.inHeading:
                    out.append(backslash)
                    out.append(byte)
                case UInt8(ascii: "*"), UInt8(ascii: "_"):
                    var end = index
                    while end < count, bytes[end] == byte { end += 1 }
                    let before = previousClass(out, state: state)
                    let after = nextClass(bytes, at: end, state: state)
                    let inert = (before == .whitespace && after == .whitespace)
                        || (byte == UInt8(ascii: "_") && before == .word && after == .word)
                    for _ in index..<end {
                        if !inert { out.append(backslash) }
                        out.append(byte)
                    }
                    index = end
                    continue
                case UInt8(ascii: "~"):
                    var end = index
                    while end < count, bytes[end] == byte { end += 1 }
                    let length = end - index
                    var escapes = length <= 2
                    if escapes {
                        let before = previousClass(out, state: state)
                        let after = nextClass(bytes, at: end, state: state)
                        escapes = state.tildes.escapes(length: length, before: before, after: after)
                    }
                    for _ in index..<end {
                        if escapes { out.append(backslash) }
                        out.append(byte)
                    }
                    index = end
                    continue
                case UInt8(ascii: "\\"):
                    // A backslash escapes punctuation after it, and ends a line as a hard break.
                    let next = index + 1 < count ? bytes[index + 1] : nil
                    let escapes: Bool
                    if let next {
                        escapes = isASCIIPunctuation(next) || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
                    } else {
                        escapes = state.following.map { $0.isASCII && isASCIIPunctuation(UInt8($0.value)) || $0 == "\n" } ?? true
                    }
                    if escapes { out.append(backslash) }
                    out.append(byte)
                case UInt8(ascii: "<"):
                    // A tag (`<b>`, `</b>`, `<!--`, `<?`) or an autolink (`<https://…>`) starts with one of these.
                    let next: UInt32? = index + 1 < count ? UInt32(bytes[index + 1]) : state.following?.value
                    if let next, !(next < 0x80 && (isASCIILetter(UInt8(next)) || next == 0x2F || next == 0x21 || next == 0x3F)) {
                        out.append(byte)
                    } else {
                        out.append(backslash)
                        out.append(byte)
                    }
                case UInt8(ascii: "["):
                    if state.insideBrackets { out.append(backslash) }
                    out.append(byte)
                case UInt8(ascii: "]"):
                    // Outside a link's text, only `](` could close a link (no reference is ever defined).
                    let next: UInt32? = index + 1 < count ? UInt32(bytes[index + 1]) : state.following?.value
                    if state.insideBrackets || next == 0x28 { out.append(backslash) }
                    out.append(byte)
                case UInt8(ascii: "#"):
                    // In a heading, a run of `#` after white space and before its end would close it.
                    var end = index
                    while end < count, bytes[end] == byte { end += 1 }
                    var rest = end
                    while rest < count, bytes[rest] == UInt8(ascii: " ") || bytes[rest] == UInt8(ascii: "\t") { rest += 1 }
                    if state.inHeading, rest == count, state.following == nil, previousClass(out, state: state) == .whitespace {
                        out.append(backslash)
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                    continue
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
                    // `http://`, `https://` and `ftp://` would become GitHub autolinks (not inside a link's text):
                    // the letters before the colon are the scheme (`xhttp://` is none).
                    if !state.insideLinkText, index + 2 < count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") {
                        var start = index
                        while start > 0, isASCIILetter(bytes[start - 1]) { start -= 1 }
                        let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self).lowercased()
                        if ["http", "https", "ftp"].contains(scheme) { out.append(backslash) }
                    }
                    out.append(byte)
                case UInt8(ascii: "."):
                    // So would `www.` after white space, `*`, `_`, `~` or `(`, or first.
                    if !state.insideLinkText, index >= 3, bytes[index - 3] | 0x20 == UInt8(ascii: "w"),
                       bytes[index - 2] | 0x20 == UInt8(ascii: "w"), bytes[index - 1] | 0x20 == UInt8(ascii: "w") {
                        let before: UInt8? = index >= 4 ? bytes[index - 4] : (out.count >= 4 ? out[out.count - 4] : nil)
                        if before.map({ [0x20, 0x09, 0x0A, 0x0D, 0x2A, 0x5F, 0x7E, 0x28].contains($0) }) ?? true { out.append(backslash) }
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

    /// Writes what a line must begin with when the text at `index` would open a block there, and returns
    /// the index after what it wrote; nil when the line starts as any other text would.
    private static func lineStart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, to out: inout [UInt8],
                                  state: inout MarkdownLineState) -> Int? {
        let count = bytes.count
        let byte = bytes[index]
        /// Whether the byte after `position` ends the line or is white space (as a list marker needs).
        func endsMarker(_ position: Int) -> Bool {
            guard position < count else { return state.following.map { $0 == " " || $0 == "\t" || $0 == "\n" } ?? true }
            let next = bytes[position]
            return next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
        }
        // A line of `-`, `:`, `|` and spaces under another is a table's delimiter row (`a` over `:-` is a table
        // of one column): its first character is escaped.
        var end = index
        while end < count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        let cells: Set<UInt8> = [UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "|"), UInt8(ascii: " "), UInt8(ascii: "\t")]
        let lineEnds = end < count || state.following.map { $0 == "\n" || ($0.isASCII && cells.contains(UInt8($0.value))) } ?? true
        if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), lineEnds,
           bytes[index..<end].allSatisfy({ cells.contains($0) }), bytes[index..<end].contains(UInt8(ascii: "-")) {
            out.append(backslash)
            out.append(byte)
            return index + 1
        }
        switch byte {
        case UInt8(ascii: " "):
            out.append(contentsOf: "&#32;".utf8)
            return index + 1
        case UInt8(ascii: "\t"):
            out.append(contentsOf: "&#9;".utf8)
            return index + 1
        case UInt8(ascii: ">"), UInt8(ascii: "["):
            // A quote; a link reference definition, a footnote or a task list's box.
            out.append(backslash)
            out.append(byte)
            return index + 1
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"):
            // A list item, a thematic break or a code fence: every character of the run.
            var end = index
            while end < count, bytes[end] == byte {
                out.append(backslash)
                out.append(byte)
                end += 1
            }
            return end
        case UInt8(ascii: "~"):
            var end = index
            while end < count, bytes[end] == byte { end += 1 }
            guard end - index >= 3 else { return nil }
            for _ in index..<end {
                out.append(backslash)
                out.append(byte)
            }
            return end
        case UInt8(ascii: "#"):
            var end = index
            while end < count, bytes[end] == byte { end += 1 }
            guard end - index <= 6, endsMarker(end) else { return nil }
            out.append(backslash)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            return end
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
            // A list item, a thematic break or a setext heading's underline.
            guard endsMarker(index + 1) || (byte != UInt8(ascii: "+") && index + 1 < count && bytes[index + 1] == byte) else { return nil }
            out.append(backslash)
            out.append(byte)
            return index + 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = index
            while end < count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            guard end < count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"), endsMarker(end + 1) else { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            out.append(backslash)
            out.append(bytes[end])
            return end + 1
        default:
            return nil
        }
    }

    /// How CommonMark sees a character beside a delimiter run; `unknown` when it cannot be told (what the
    /// caller writes next, a character written as a reference or replaced, a symbol).
    enum CharacterClass {
        case whitespace, punctuation, word, unknown

        init(_ scalar: Unicode.Scalar?) {
            guard let scalar else {
                self = .unknown
                return
            }
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    self = .whitespace
                } else if isASCIIPunctuation(byte) {
                    self = .punctuation
                } else if isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) {
                    self = .word
                } else {
                    self = .unknown
                }
                return
            }
            switch scalar.properties.generalCategory {
            case .spaceSeparator: self = .whitespace
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation: self = .punctuation
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
                 .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: self = .word
            default: self = .unknown
            }
        }
    }

    /// The class of the last character written (white space at a line start).
    private static func previousClass(_ out: [UInt8], state: MarkdownLineState) -> CharacterClass {
        guard !state.atLineStart, let last = out.last else { return .whitespace }
        if last < 0x80 { return CharacterClass(Unicode.Scalar(last)) }
        var start = out.count - 1
        while start > 0, out.count - start < 4, out[start] & 0xC0 == 0x80 { start -= 1 }
        var decoder = UTF8()
        var iterator = out[start...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return CharacterClass(scalar) }
        return .unknown
    }

    /// The class of the character at `index` as it will be written (`state.following` past the end).
    private static func nextClass(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, state: MarkdownLineState) -> CharacterClass {
        guard index < bytes.count else { return CharacterClass(state.following) }
        let byte = bytes[index]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
            // Written as a reference before a line break.
            let after = index + 1 < bytes.count ? bytes[index + 1] : nil
            return after == UInt8(ascii: "\n") || after == UInt8(ascii: "\r") ? .unknown : .whitespace
        }
        if byte < 0x80 { return byte < 0x20 && byte != 0x0A && byte != 0x0D ? .unknown : CharacterClass(Unicode.Scalar(byte)) }
        if HTMLEscaping.forbiddenSequenceLength(bytes, at: index) > 0 || BidiControls.control(in: bytes, at: index) != nil { return .unknown }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return CharacterClass(scalar) }
        return .unknown
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
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
package struct MarkdownLineState {
    package init() {}

    var atLineStart = true
    /// Written after each line feed, e.g. the indentation that keeps text inside a list item.
    package var continuation: [UInt8] = []
    /// Inside a heading, where a trailing `#` would be taken as a closing sequence and `|` means nothing.
    var inHeading = false
    /// Inside the text of a link the output writes, where GitHub makes no autolink and brackets must not pair.
    var insideLinkText = false
    /// Inside a link's text or other brackets the output writes: `[` and `]` are escaped.
    package var insideBrackets = false
    /// The first character written after the text being escaped; nil when the caller's (unknown).
    package var following: Unicode.Scalar?
    /// Which `~` runs of the paragraph could pair into strikethrough.
    var tildes = TildeRuns()

    package mutating func lineBreak(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: continuation)
        atLineStart = true
    }
}

/// The `~` runs of one or two of a paragraph, in order: GitHub pairs an opening run with a later closing one
/// of the same length into strikethrough (`~a~` and `~~a~~`), so a run needs a backslash only when such a
/// partner exists (`~/Library` alone needs none). `MarkdownRenderer` writes a paragraph once recording
/// them (`recorded`), then again with `escaping` set from them; without a plan every run is escaped.
struct TildeRuns {
    struct Run {
        var length: Int
        var canOpen: Bool
        var canClose: Bool
    }

    /// The runs seen, when recording.
    var recorded: [Run]?
    /// Whether each run is escaped, in order; nil: every one.
    var escaping: [Bool]?
    private var next = 0

    /// Starts recording the runs of a paragraph (every run is escaped meanwhile).
    static func recording() -> TildeRuns {
        var runs = TildeRuns()
        runs.recorded = []
        return runs
    }

    /// A plan from recorded runs: a run is escaped when an earlier one could open what it closes, or a later
    /// one could close what it opens.
    static func plan(_ runs: [Run]) -> TildeRuns {
        var escaping = Array(repeating: false, count: runs.count)
        for (index, run) in runs.enumerated() {
            for later in runs.indices where later > index && runs[later].length == run.length
                && run.canOpen && runs[later].canClose {
                escaping[index] = true
                escaping[later] = true
            }
        }
        var plan = TildeRuns()
        plan.escaping = escaping
        return plan
    }

    /// Whether the next run, of `length` between characters of these classes, is escaped (and records it).
    mutating func escapes(length: Int, before: MarkdownEscaping.CharacterClass, after: MarkdownEscaping.CharacterClass) -> Bool {
        if recorded != nil {
            // Possibly left- and right-flanking (a character whose class is unknown could be anything).
            let canOpen = after != .whitespace && !(after == .punctuation && before == .word)
            let canClose = before != .whitespace && !(before == .punctuation && after == .word)
            recorded?.append(Run(length: length, canOpen: canOpen, canClose: canClose))
            return true
        }
        guard let escaping else { return true }
        defer { next += 1 }
        return next < escaping.count ? escaping[next] : true
    }
}
