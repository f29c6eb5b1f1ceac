import WhatsNewDiagnostics

/// The app stores' limits on release notes, checked when asked for with `--lint appstore|playstore`, and
/// always by `--format fastlane`.
package enum StoreLint: String, Sendable, Hashable, CaseIterable {
    /// The App Store's 4000 characters of "What's New in This Version".
    case appstore
    /// Google Play's 500 characters of release notes.
    case playstore

    package var limit: Int { self == .appstore ? 4000 : 500 }

    package var storeName: String { self == .appstore ? "the App Store" : "Google Play" }

    /// The platforms of a feature the store's notes show (a feature without `platforms` is in both).
    package var platforms: [String] { self == .appstore ? ["ios", "ipados", "macos", "tvos", "watchos", "visionos"] : ["android"] }

    /// The length of a notes file (`StoreText.notes`) as the store counts it (`StoreText.length`), of what
    /// fastlane sends it: deliver strips the App Store's text of its final line break, supply sends Google
    /// Play the file as it is.
    package func countedLength(of file: String) -> Int {
        let length = StoreText.length(file)
        return self == .appstore && file.hasSuffix("\n") ? length - 1 : length
    }
}

/// `store-limit` (error, opt-in): the notes of a version in one locale, as the stores show them
/// (`StoreText`) and counted as they count them, are longer than the store allows.
package struct StoreLimitRule: ManifestRule {
    package let lint: StoreLint

    package func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let locales = manifest.writtenLocales
        let checked: [String?] = locales.isEmpty ? [nil] : locales
        for version in manifest.versions {
            for locale in checked {
                let length = lint.countedLength(of: Self.plainText(of: version, in: manifest, locale: locale))
                guard length > lint.limit else { continue }
                let where_ = locale.map { " in '\($0)'" } ?? ""
                engine.report(Diagnostic(.error, code: .storeLimit,
                                         message: "the notes of \(version.name)\(where_) are \(length) characters of plain text; \(lint.storeName) allows \(lint.limit)",
                                         at: version.versionLocation,
                                         fix: "shorten them by \(length - lint.limit) characters, or move details to a 'present' page"))
            }
        }
    }

    /// The text a store shows (`StoreText`): each feature's title and subtitle, one line each.
    package static func plainText(of version: VersionEntry, in manifest: Manifest, locale: String?) -> String {
        let defaultLocale = manifest.defaults.locale
        return StoreText.notes(version.features.map {
            ($0.title.text(for: locale, defaultLocale: defaultLocale), $0.subtitle.text(for: locale, defaultLocale: defaultLocale))
        })
    }

    package init(lint: StoreLint) {
        self.lint = lint
    }
}
