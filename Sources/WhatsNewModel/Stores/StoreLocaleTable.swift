/// The locale codes each store accepts for release notes, and the built-in map from a manifest's locales
/// to them (`stores.appStore.locales` and `stores.playStore.locales` override it; see `StoreLocaleMap`).
///
/// The App Store's are App Store Connect's 50 localizations (the shortcodes of Apple's "Managing metadata in
/// your app by using locale shortcodes", March 2026), which fastlane's deliver takes as the names of the
/// folders of `fastlane/metadata`. Google Play's are the languages of Play Console's store listing
/// translations, as fastlane's supply names the folders of `fastlane/metadata/android`.
package enum StoreLocaleTable {
    package static let appStore: [String] = [
        "ar-SA", "bn-BD", "ca", "cs", "da", "de-DE", "el", "en-AU", "en-CA", "en-GB", "en-US", "es-ES", "es-MX", "fi",
        "fr-CA", "fr-FR", "gu-IN", "he", "hi", "hr", "hu", "id", "it", "ja", "kn-IN", "ko", "ml-IN", "mr-IN", "ms",
        "nl-NL", "no", "or-IN", "pa-IN", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl-SI", "sv", "ta-IN", "te-IN", "th",
        "tr", "uk", "ur-PK", "vi", "zh-Hans", "zh-Hant",
    ]

    package static let playStore: [String] = [
        "af", "am", "ar", "az-AZ", "be", "bg", "bn-BD", "ca", "cs-CZ", "da-DK", "de-DE", "el-GR", "en-AU", "en-CA",
        "en-GB", "en-IN", "en-SG", "en-US", "en-ZA", "es-419", "es-ES", "es-US", "et", "eu-ES", "fa", "fa-AE", "fa-AF",
        "fa-IR", "fi-FI", "fil", "fr-CA", "fr-FR", "gl-ES", "gu", "hi-IN", "hr", "hu-HU", "hy-AM", "id", "is-IS", "it-IT",
        "iw-IL", "ja-JP", "ka-GE", "kk", "km-KH", "kn-IN", "ko-KR", "ky-KG", "lo-LA", "lt", "lv", "mk-MK", "ml-IN",
        "mn-MN", "mr-IN", "ms", "ms-MY", "my-MM", "ne-NP", "nl-NL", "no-NO", "pa", "pl-PL", "pt-BR", "pt-PT", "rm", "ro",
        "ru-RU", "si-LK", "sk", "sl", "sq", "sr", "sv-SE", "sw", "ta-IN", "te-IN", "th", "tr-TR", "uk", "ur", "vi",
        "zh-CN", "zh-HK", "zh-TW", "zu",
    ]

    /// A manifest locale (lower case) whose store code is not itself nor its language: a language alone for a
    /// store that wants a region (`de` → `de-DE`), another name of a language (`nb` → `no`, `he` → `iw-IL`), or
    /// another way to write a script or region (`zh-Hans` → `zh-CN`).
    static let appStoreAliases: [String: String] = [
        "ar": "ar-SA", "bn": "bn-BD", "de": "de-DE", "en": "en-US", "es": "es-ES", "es-419": "es-MX", "fr": "fr-FR",
        "gu": "gu-IN", "iw": "he", "kn": "kn-IN", "ml": "ml-IN", "mr": "mr-IN", "nb": "no", "nl": "nl-NL", "nn": "no",
        "or": "or-IN", "pa": "pa-IN", "pt": "pt-BR", "sl": "sl-SI", "ta": "ta-IN", "te": "te-IN", "ur": "ur-PK",
        "zh": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant", "zh-tw": "zh-Hant",
    ]

    static let playStoreAliases: [String: String] = [
        "az": "az-AZ", "cs": "cs-CZ", "da": "da-DK", "de": "de-DE", "el": "el-GR", "en": "en-US", "es": "es-ES",
        "es-mx": "es-419", "eu": "eu-ES", "fi": "fi-FI", "fr": "fr-FR", "gl": "gl-ES", "he": "iw-IL", "he-il": "iw-IL",
        "hi": "hi-IN", "hu": "hu-HU", "hy": "hy-AM", "is": "is-IS", "it": "it-IT", "iw": "iw-IL", "ja": "ja-JP",
        "ka": "ka-GE", "km": "km-KH", "kn": "kn-IN", "ko": "ko-KR", "ky": "ky-KG", "lo": "lo-LA", "mk": "mk-MK",
        "ml": "ml-IN", "mn": "mn-MN", "mr": "mr-IN", "my": "my-MM", "nb": "no-NO", "ne": "ne-NP", "nl": "nl-NL",
        "nn": "no-NO", "no": "no-NO", "pl": "pl-PL", "pt": "pt-BR", "ru": "ru-RU", "si": "si-LK", "sv": "sv-SE",
        "ta": "ta-IN", "te": "te-IN", "tl": "fil", "tr": "tr-TR", "zh": "zh-CN", "zh-hans": "zh-CN", "zh-hant": "zh-TW",
        "zh-mo": "zh-TW", "zh-sg": "zh-CN",
    ]

    /// How a manifest locale found its store code, strongest first: when two locales find the same code, the
    /// stronger one writes it.
    package enum Match: Int, Sendable, Comparable {
        /// Named in the manifest's `stores.<store>.locales`.
        case manifest
        /// The locale is the store's code (in any case, `_` for `-`).
        case exact
        /// By the alias table, or the locale's language alone being a store code (`ja-JP` → `ja`).
        case derived

        package static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The codes `store` accepts.
    package static func codes(of store: StoreLint) -> [String] {
        store == .appstore ? appStore : playStore
    }

    /// The store's spelling of `code` when it is one of its codes (compared in any case, `_` as `-`), else nil.
    package static func code(_ code: String, in store: StoreLint) -> String? {
        let key = normalized(code)
        return codes(of: store).first { $0.lowercased() == key }
    }

    /// The built-in store code for a manifest locale, and how it was found; nil when the store has no language
    /// for it (`eo`), or only a regional variant the table does not choose for it (`de-AT`).
    package static func defaultCode(for locale: String, in store: StoreLint) -> (code: String, match: Match)? {
        if let exact = code(locale, in: store) { return (exact, .exact) }
        let key = normalized(locale)
        let aliases = store == .appstore ? appStoreAliases : playStoreAliases
        if let alias = aliases[key] { return (alias, .derived) }
        let language = LocalizedText.language(of: key)
        if language != key, let code = code(language, in: store) { return (code, .derived) }
        return nil
    }

    private static func normalized(_ locale: String) -> String {
        String(locale.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
