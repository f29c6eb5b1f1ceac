import WhatsNewCore

/// The promises about hostile input that a scan of one output can check, as preconditions (a broken one is a
/// finding): no raw control character in documents, and nothing unsafe reaching a terminal except the
/// emitter's own SGR and OSC 8 sequences.
enum OutputChecks {
    static func check(_ text: String, format: OutputFormat, terminal: TerminalCapabilities) {
        switch format {
        case .ansi:
            let data = terminal.usesEscapes ? withoutOwnEscapes(text) : text
            for scalar in data.unicodeScalars where scalar != "\n" {
                precondition(!TerminalSafeText.isUnsafe(scalar), "unsafe U+\(hex(scalar)) in terminal output")
            }
        case .html, .markdown, .json, .whatsNewKitJSON, .releaseBody, .atom, .jsonFeed, .rss, .appcast, .fastlane:
            for scalar in text.unicodeScalars where scalar.value < 0x20 && scalar != "\n" && scalar != "\t" {
                preconditionFailure("raw control U+\(hex(scalar)) in \(format.rawValue) output")
            }
        }
    }

    /// Diagnostics go to a terminal too: only the printer's own colors may be escapes.
    static func checkDiagnostics(_ text: String, colored: Bool) {
        let data = colored ? withoutOwnEscapes(text) : text
        for scalar in data.unicodeScalars where scalar != "\n" {
            precondition(!TerminalSafeText.isUnsafe(scalar), "unsafe U+\(hex(scalar)) in diagnostics")
        }
    }

    /// `text` without SGR sequences (`ESC [ digits;… m`), CHA (`ESC [ digits G`) and OSC 8 hyperlink brackets (`ESC ] 8 ; ; URL ESC \`),
    /// whose URL must itself be safe.
    static func withoutOwnEscapes(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}", index + 1 < scalars.count else {
                result.append(scalars[index])
                index += 1
                continue
            }
            if scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
                // SGR, or the cursor moved to a column after a feature's glyph (CHA).
                precondition(end < scalars.count && (scalars[end] == "m" || (scalars[end] == "G" && end > index + 2 && !scalars[(index + 2)..<end].contains(";"))),
                             "an escape sequence other than SGR and CHA")
                index = end + 1
                continue
            }
            precondition(scalars[index + 1] == "]" && index + 4 < scalars.count && scalars[index + 2] == "8"
                         && scalars[index + 3] == ";" && scalars[index + 4] == ";", "an escape sequence other than OSC 8")
            var end = index + 5
            var url = String.UnicodeScalarView()
            while end + 1 < scalars.count, !(scalars[end] == "\u{1B}" && scalars[end + 1] == "\\") {
                precondition(!TerminalSafeText.isUnsafe(scalars[end]), "unsafe U+\(hex(scalars[end])) in a hyperlink")
                url.append(scalars[end])
                end += 1
            }
            precondition(end + 1 < scalars.count, "an unterminated OSC 8 hyperlink")
            // The scheme decides (case-insensitive, RFC 3986): `HTTPS:` and `https:/odd` are as harmless as `https://`.
            let link = String(url)
            let scheme = link.prefix { $0 != ":" }.lowercased()
            precondition(link.isEmpty || (scheme.count < link.count && ["https", "http", "mailto"].contains(scheme)), "hyperlink '\(link)'")
            index = end + 2
        }
        return String(result)
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        String(scalar.value, radix: 16, uppercase: true)
    }
}
