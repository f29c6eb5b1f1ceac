#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Markdown
import SourceText
import WhatsNewDiagnostics
import WhatsNewText

/// `refused-link` (warning): a link or image in a text whose destination `LinkPolicy` refuses
/// (`javascript:`, `data:`, `file:`, an empty one, one with control or bidi characters), which every output
/// shows as its text only: inline links, autolinks, reference links and their definitions, images, in every
/// text (titles, subtitles, alt texts, the bodies of `present` pages) and every locale. Reported once per
/// destination and text, here rather than by the emitters, so that a manifest compiled to several formats is
/// told once; at the destination where it is written in the file, when it is written there as it reads (no
/// escape or entity in it), else at the text.
struct RefusedLinkRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        manifest.forEachText(where: { $0.containsUTF8(where: Self.mayHoldLink) }) { text, name in
            for entry in text.entries where Self.mayHoldLink(entry.text) {
                var seen: Set<String> = []
                for refused in Self.refusedDestinations(in: MarkdownText(parsing: entry.text).inlines) where seen.insert(refused.destination).inserted {
                    let locale = entry.locale.map { " ('\($0)')" } ?? ""
                    let what = refused.isImage ? "an image from" : "a link to"
                    let written = entry.location ?? text.location
                    engine.report(Diagnostic(.warning, code: .refusedLink,
                                             message: "\(name())\(locale) holds \(what) '\(Self.shortened(refused.destination))', which every "
                                                 + "output shows as plain text; expected an http, https or mailto URL, or a relative one",
                                             at: written.flatMap { Self.locate(refused.destination, in: entry.text, writtenAt: $0) } ?? written,
                                             fix: "link to an http, https or mailto URL, or remove the link"))
                }
            }
        }
    }

    /// Where `destination` is written in the file, within `location` (where the text `text` is written): the
    /// occurrence in the source that is the one the link uses in the text (the first after `(`, `<` or `:`, as
    /// a destination follows, else the first), when the source holds it as many times as the text does (an
    /// escape in the source can make or hide one), else the first; nil when the source does not hold it
    /// as it reads (an entity or an escape in it).
    static func locate(_ destination: String, in text: String, writtenAt location: SourceLocation) -> SourceLocation? {
        let needle = Array(destination.utf8)
        guard !needle.isEmpty else { return nil }
        let value = Array(text.utf8)
        guard let (file, range) = location.place else { return nil }
        let bytes = file.bytes
        guard range.start.offset <= range.end.offset, range.end.offset <= bytes.count else { return nil }
        let source = bytes[range.start.offset..<range.end.offset]
        func occurrences<C: Collection>(in haystack: C) -> [C.Index] where C.Element == UInt8 {
            var found: [C.Index] = []
            var index = haystack.startIndex
            while index != haystack.endIndex {
                if haystack[index...].starts(with: needle) { found.append(index) }
                index = haystack.index(after: index)
            }
            return found
        }
        let inValue = occurrences(in: value)
        let inSource = occurrences(in: source)
        guard let first = inSource.first else { return nil }
        let chosen = inValue.firstIndex { index in
            var before = index - 1
            while before >= 0, value[before] == 0x20 || value[before] == 0x09 || value[before] == 0x0A { before -= 1 }
            return before >= 0 && [UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: ":")].contains(value[before])
        } ?? 0
        let start = inValue.count == inSource.count ? inSource[chosen] : first
        return SourceLocation(file: file, range: SourceRange(start: file.mark(atOffset: start), end: file.mark(atOffset: start + needle.count)))
    }

    /// The destinations of links and images that `LinkPolicy` refuses, in order.
    static func refusedDestinations(in inlines: [MarkdownInline]) -> [(destination: String, isImage: Bool)] {
        var found: [(destination: String, isImage: Bool)] = []
        func walk(_ inlines: [MarkdownInline]) {
            for inline in inlines {
                switch inline {
                case .link(let destination, _, let children):
                    if LinkPolicy.sanitized(destination) == nil { found.append((destination, false)) }
                    walk(children)
                case .image(let source, _, let alt):
                    if LinkPolicy.sanitized(source) == nil { found.append((source, true)) }
                    walk(alt)
                case .emphasis(let children), .strong(let children), .strikethrough(let children):
                    walk(children)
                case .text, .code, .html, .softBreak, .lineBreak:
                    continue
                }
            }
        }
        walk(inlines)
        return found
    }

    /// Whether `text` might hold a refused link, by one scan of its bytes, so most texts skip the parse. It
    /// says yes for an angle bracket before a visible character (an autolink), a reference (`][`, `]:`), an inline link `](…)` whose
    /// destination is not plainly `http(s)://` with no other colon and closed by `)`, a bare `scheme://` or a
    /// prefixed address (`xmpp:a@b.co`) outside such destinations, and a `www.`, e-mail or bare `http(s)`
    /// autolink that may hold a format or control character. (A plain destination is allowed, and holds no
    /// second scheme that a failed link could leave for GitHub's autolinks.)
    static func mayHoldLink(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(mayHoldLink)
    }

    /// `mayHoldLink` of a text's UTF-8.
    static func mayHoldLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        do {
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            // Most texts hold none of the bytes every link but a `www.` autolink needs: told by `memchr`,
            // which reads many bytes at a time (the byte-by-byte scan below took most of the rule's time).
            if !linkBytes.contains(where: { memchr(base, Int32($0), count) != nil }) {
                return mayHoldFormattedWWW(bytes)
            }
            var hasAt = false, hasColon = false, hasNonASCII = false, hasWWW = false, hasPlainDestination = false
            var index = 0
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: "<") where index + 1 < count && bytes[index + 1] > 0x20:
                    // An autolink begins right after its bracket (`a < b` is none).
                    return true
                case UInt8(ascii: "]") where index + 1 < count:
                    switch bytes[index + 1] {
                    case UInt8(ascii: "["), UInt8(ascii: ":"):
                        return true
                    case UInt8(ascii: "("):
                        guard let end = plainDestinationEnd(bytes, from: index + 2) else { return true }
                        // Brackets inside it are still looked at; its scheme's colon and slashes are not.
                        hasPlainDestination = true
                        index = end
                        continue
                    default:
                        break
                    }
                case UInt8(ascii: "/"):
                    if index >= 2, bytes[index - 1] == UInt8(ascii: "/"), bytes[index - 2] == UInt8(ascii: ":") { return true }
                case UInt8(ascii: "@"): hasAt = true
                case UInt8(ascii: ":"): hasColon = true
                case UInt8(ascii: "."):
                    if index >= 3, bytes[index - 3] | 0x20 == UInt8(ascii: "w"), bytes[index - 2] | 0x20 == UInt8(ascii: "w"),
                       bytes[index - 1] | 0x20 == UInt8(ascii: "w") {
                        hasWWW = true
                    }
                case 0x80...: hasNonASCII = true
                default: break
                }
                index += 1
            }
            if hasAt && hasColon { return true }
            // (A plain destination not part of a link is a bare URL, which goes on to the next space.)
            guard hasNonASCII, hasAt || hasWWW || hasPlainDestination else { return false }
            return String(decoding: bytes, as: UTF8.self).unicodeScalars.contains {
                TerminalSafeText.isUnsafe($0) || $0.properties.generalCategory == .format
            }
        }
    }

    /// `]`, `<`, `:` and `@`: a link, an image, an autolink with a scheme and an e-mail autolink each hold one.
    private static let linkBytes: [UInt8] = [UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ":"), UInt8(ascii: "@")]

    /// Whether a text with none of `linkBytes` might hold a refused link: a `www.` autolink holding a format
    /// or control character.
    private static func mayHoldFormattedWWW(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var start = 0
        while start < bytes.count, let dot = memchr(base + start, Int32(UInt8(ascii: ".")), bytes.count - start) {
            let index = UnsafeRawPointer(base).distance(to: dot)
            if index >= 3, bytes[index - 3] | 0x20 == UInt8(ascii: "w"), bytes[index - 2] | 0x20 == UInt8(ascii: "w"),
               bytes[index - 1] | 0x20 == UInt8(ascii: "w") {
                return String(decoding: bytes, as: UTF8.self).unicodeScalars.contains {
                    TerminalSafeText.isUnsafe($0) || $0.properties.generalCategory == .format
                }
            }
            start = index + 1
        }
        return false
    }

    /// Where the scan goes on after `](` when what follows is a plain destination — optional white space,
    /// then `http://` or `https://` and printable ASCII with no other colon, entity or backslash, closed by
    /// `)` — namely just after its scheme's `://`; nil when it is anything else.
    private static func plainDestinationEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        let schemeStart = index
        while index < bytes.count, bytes[index] | 0x20 >= UInt8(ascii: "a"), bytes[index] | 0x20 <= UInt8(ascii: "z") { index += 1 }
        let scheme = bytes[schemeStart..<index].map { $0 | 0x20 }
        guard scheme == Array("http".utf8) || scheme == Array("https".utf8), index + 2 < bytes.count,
              bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
            return nil
        }
        let afterScheme = index + 3
        var depth = 0
        index = afterScheme
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
            case UInt8(ascii: ")"):
                if depth == 0 { return afterScheme }
                depth -= 1
            case 0x21...0x7E where byte != UInt8(ascii: ":") && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "<"):
                break
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    /// A destination as a message quotes it: at most 80 characters (a `data:` URL can be megabytes).
    private static func shortened(_ destination: String) -> String {
        destination.count > 80 ? destination.prefix(79) + "…" : destination
    }
}
