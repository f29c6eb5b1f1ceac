import WhatsNewText

/// `--locale all`: one file per locale for the formats whose texts are in one language.
extension OutputPlan {
    /// The plan with each target of a per-locale format (`OutputFormat.isPerLocale`) replaced by one target per
    /// locale, its name with the locale before the extension (`CHANGELOG.md` → `CHANGELOG.de.md`, every locale
    /// the same way, the default one too). The other targets stay as they are: written once. Fails when a
    /// per-locale target is standard output, when there is no locale, or when a locale could not be part of a
    /// file name (see `isSafeLocaleCode`): the codes come from the manifest, which is untrusted.
    public func forEveryLocale(_ locales: [String]) -> Result<OutputPlan, PlanError> {
        guard !locales.isEmpty else {
            return .failure(PlanError("--locale all writes one file per locale of the manifest, and it has none: no text is a map "
                                      + "from locale to text, and there is no 'defaults.locale'; give one --locale, or add 'defaults.locale'"))
        }
        if let unsafe = locales.first(where: { !Self.isSafeLocaleCode($0) }) {
            return .failure(PlanError("the locale '\(TerminalSafeText.visible(unsafe))' cannot be part of a file name; expected a "
                                      + "language tag of letters, digits and hyphens (e.g. de, pt-BR, zh-Hans)"))
        }
        var planned: [Target] = []
        for target in targets {
            guard target.format.isPerLocale else {
                planned.append(target)
                continue
            }
            guard target.path != "-" else {
                return .failure(PlanError("--locale all writes one file per locale, and --format \(target.format.rawValue) would go to "
                                          + "standard output; add '-o DIRECTORY/'"))
            }
            for locale in locales {
                planned.append(Target(format: target.format, path: Self.path(target.path, locale: locale), locale: locale))
            }
        }
        return .success(OutputPlan(targets: planned))
    }

    /// `path` with `.locale` before the extension of its last component (`site/changelog.html` →
    /// `site/changelog.de.html`), or after the name when it has no extension.
    package static func path(_ path: String, locale: String) -> String {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[nameStart...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "." + locale }
        return String(path[..<dot]) + "." + locale + String(path[dot...])
    }

    /// Whether a locale code is safe in a file name: 1 to 35 ASCII letters, digits and hyphens, starting with a
    /// letter (no `/`, no `.`, no control character, nothing a shell or a file system reads specially).
    public static func isSafeLocaleCode(_ code: String) -> Bool {
        guard let first = code.utf8.first, (1...35).contains(code.utf8.count), isLetter(first) else { return false }
        return code.utf8.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
