import WhatsNewText

/// Edits of one encoded terminal line (text with SGR, OSC 8 and cursor-column escapes), for drawing laid-out
/// lines somewhere else than the left edge of the screen.
enum TerminalLine {
    /// The text without its escape sequences (CSI `ESC [ … final`, OSC `ESC ] … ST/BEL`).
    static func plainText(_ line: String) -> String {
        var text = String.UnicodeScalarView()
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                text.append(scalar)
                continue
            }
            _ = readEscape(after: &scalars)
        }
        return String(text)
    }

    /// The line with every cursor-column move (`ESC [ n G`, written by feature rows) moved `columns` to the
    /// right, for a line drawn from column `columns + 1` on.
    static func shifted(_ line: String, by columns: Int) -> String {
        guard columns != 0, line.contains("\u{1B}[") else { return line }
        var result = String.UnicodeScalarView()
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            let sequence = readEscape(after: &scalars)
            let text = String(sequence)
            if text.hasPrefix("["), text.hasSuffix("G"), let column = Int(text.dropFirst().dropLast()) {
                result.append(contentsOf: "\u{1B}[\(column + columns)G".unicodeScalars)
            } else {
                result.append("\u{1B}")
                result.append(contentsOf: sequence)
            }
        }
        return String(result)
    }

    /// The line in reverse video throughout, its own resets included (the focused action).
    static func highlighted(_ line: String) -> String {
        "\u{1B}[7m" + line.replacing("\u{1B}[0m", with: "\u{1B}[0;7m") + "\u{1B}[0m"
    }

    /// `text` cut to at most `columns` display columns.
    static func truncated(_ text: String, to columns: Int) -> String {
        var width = 0
        var result = ""
        for character in text {
            let next = DisplayWidth.of(character)
            if width + next > columns { break }
            width += next
            result.append(character)
        }
        return result
    }

    /// How many letters and digits the line shows: a position in the text that no wrapping changes.
    static func textLength(_ line: String) -> Int {
        plainText(line).unicodeScalars.reduce(0) { $0 + ($1.properties.isAlphabetic || $1.properties.numericType != nil ? 1 : 0) }
    }

    /// Consumes one escape sequence after its ESC and returns it (without the ESC).
    private static func readEscape(after scalars: inout String.UnicodeScalarView.Iterator) -> String.UnicodeScalarView {
        var sequence = String.UnicodeScalarView()
        guard let kind = scalars.next() else { return sequence }
        sequence.append(kind)
        switch kind {
        case "[":
            while let scalar = scalars.next() {
                sequence.append(scalar)
                if (0x40...0x7E).contains(scalar.value) { break }
            }
        case "]":
            var previous: Unicode.Scalar = " "
            while let scalar = scalars.next() {
                sequence.append(scalar)
                if scalar == "\u{07}" || (previous == "\u{1B}" && scalar == "\\") { break }
                previous = scalar
            }
        default:
            break
        }
        return sequence
    }
}
