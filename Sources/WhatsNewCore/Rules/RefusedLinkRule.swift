/// `refused-link` (warning): a link or image in a text whose destination `LinkPolicy` refuses
/// (`javascript:`, `data:`, `file:`, an empty one, one with control or bidi characters), which every output
/// shows as its text only. Reported once per text, here rather than by the emitters, so that a manifest
/// compiled to several formats is told once.
struct RefusedLinkRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        manifest.forEachText(where: { $0.containsText(where: Self.mayHoldLink) }) { text, name in
            for entry in text.entries where Self.mayHoldLink(entry.text) {
                var seen: Set<String> = []
                for refused in Self.refusedDestinations(in: MarkdownText(parsing: entry.text).inlines) where seen.insert(refused.destination).inserted {
                    let locale = entry.locale.map { " ('\($0)')" } ?? ""
                    let what = refused.isImage ? "an image from" : "a link to"
                    engine.report(Diagnostic(.warning, code: "refused-link",
                                             message: "\(name())\(locale) holds \(what) '\(Self.shortened(refused.destination))', which every "
                                                 + "output shows as plain text; expected an http, https or mailto URL, or a relative one",
                                             at: entry.location ?? text.location,
                                             fix: "link to an http, https or mailto URL, or remove the link"))
                }
            }
        }
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

    /// Whether `text` might hold a link at all, by one scan of its bytes, so most texts skip the parse: a link,
    /// an image or an autolink needs `[` or `<`; GitHub's bare autolinks (`www.`, `https://`, `a@b.co`) are
    /// always allowed schemes, refused only for a non-ASCII format character in them.
    static func mayHoldLink(_ text: String) -> Bool {
        var hasNonASCII = false
        var hasAutolinkTrigger = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "<"): return true
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "."): hasAutolinkTrigger = true
            case 0x80...: hasNonASCII = true
            default: continue
            }
        }
        return hasNonASCII && hasAutolinkTrigger
    }

    /// A destination as a message quotes it: at most 80 characters (a `data:` URL can be megabytes).
    private static func shortened(_ destination: String) -> String {
        destination.count > 80 ? destination.prefix(79) + "…" : destination
    }
}
