/// Terminal text as runs of one style each, safe by construction: control characters and bidi overrides
/// are made visible as `\u{…}` when appended, tabs become spaces, line breaks stay (`WordWrapper` forces a
/// new line there), and a link is kept only when it is printable ASCII.
package struct StyledText: Sendable, Hashable {
    /// Text of one style, optionally a hyperlink.
    package struct Run: Sendable, Hashable {
        package var text: String
        package var style: ANSIStyle
        package var link: String?
    }

    package private(set) var runs: [Run] = []

    package init() {}

    package init(_ text: String, style: ANSIStyle = .plain, link: String? = nil) {
        append(text, style: style, link: link)
    }

    /// Appends `text`, made terminal-safe, merging with the last run when style and link agree.
    package mutating func append(_ text: String, style: ANSIStyle = .plain, link: String? = nil) {
        guard !text.isEmpty else { return }
        let safe = Self.terminalSafe(text)
        let link = link.flatMap { Self.isPrintableURL($0) ? $0 : nil }
        if let last = runs.indices.last, runs[last].style == style, runs[last].link == link {
            runs[last].text += safe
        } else {
            runs.append(Run(text: safe, style: style, link: link))
        }
    }

    /// Appends text already made terminal-safe, with a link already checked.
    mutating func appendVerbatim(_ text: String, style: ANSIStyle, link: String?) {
        guard !text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].style == style, runs[last].link == link {
            runs[last].text += text
        } else {
            runs.append(Run(text: text, style: style, link: link))
        }
    }

    /// Appends every run of `other`.
    package mutating func append(_ other: StyledText) {
        for run in other.runs {
            if let last = runs.indices.last, runs[last].style == run.style, runs[last].link == run.link {
                runs[last].text += run.text
            } else {
                runs.append(run)
            }
        }
    }

    package var isEmpty: Bool { runs.isEmpty }

    /// The text without styles or links.
    package var plainText: String { runs.map(\.text).joined() }

    /// The columns the text takes on one line.
    package var width: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// `text` with tabs as spaces and every other unsafe scalar (see `TerminalSafeText`) shown as `\u{…}`;
    /// line feeds stay, as line breaks, and a carriage return (alone or before a line feed) is one.
    static func terminalSafe(_ text: String) -> String {
        guard TerminalSafeText.containsUnsafe(text) else { return text }
        var result = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if scalar == "\n" { continue }
            }
            switch scalar {
            case "\t":
                result.append(" ")
            case "\n":
                result.append(scalar)
            case "\r":
                result.append("\n")
                afterCarriageReturn = true
            default:
                if TerminalSafeText.isUnsafe(scalar) {
                    result.append(contentsOf: TerminalSafeText.visible(String(scalar)).unicodeScalars)
                } else {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    /// Whether `url` may go inside an OSC 8 sequence: printable ASCII only, no space.
    static func isPrintableURL(_ url: String) -> Bool {
        !url.isEmpty && url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
