/// The app stores' limits on release notes, checked when asked for with `--lint appstore|playstore`.
public enum StoreLint: String, Sendable, Hashable, CaseIterable {
    /// The App Store's 4000 characters of "What's New in This Version".
    case appstore
    /// Google Play's 500 characters of release notes.
    case playstore

    public var limit: Int { self == .appstore ? 4000 : 500 }

    var storeName: String { self == .appstore ? "the App Store" : "Google Play" }
}

/// `store-limit` (error, opt-in): the notes of a version in one locale — title and features, as plain text,
/// one line each — are longer than the store allows.
struct StoreLimitRule: ManifestRule {
    let lint: StoreLint

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var locales: [String] = []
        var seen: Set<String> = []
        manifest.forEachText { text, _ in
            for locale in text.locales where seen.insert(locale.lowercased()).inserted { locales.append(locale) }
        }
        let checked: [String?] = locales.isEmpty ? [nil] : locales
        for version in manifest.versions {
            for locale in checked {
                let length = Self.plainText(of: version, in: manifest, locale: locale).count
                guard length > lint.limit else { continue }
                let where_ = locale.map { " in '\($0)'" } ?? ""
                engine.report(Diagnostic(.error, code: "store-limit",
                                         message: "the notes of \(version.name)\(where_) are \(length) characters of plain text; \(lint.storeName) allows \(lint.limit)",
                                         at: version.versionLocation,
                                         fix: "shorten them by \(length - lint.limit) characters, or move details to a 'present' page"))
            }
        }
    }

    /// The text a store shows: the title, then each feature's title and subtitle, one per line.
    static func plainText(of version: VersionEntry, in manifest: Manifest, locale: String?) -> String {
        let defaultLocale = manifest.defaults.locale
        func plain(_ text: LocalizedText) -> String {
            PlainTextRenderer.render(MarkdownText(parsing: text.text(for: locale, defaultLocale: defaultLocale)))
        }
        var lines = [plain(manifest.title(for: version).text)]
        for feature in version.features { lines.append(plain(feature.title) + ": " + plain(feature.subtitle)) }
        return lines.joined(separator: "\n")
    }
}
