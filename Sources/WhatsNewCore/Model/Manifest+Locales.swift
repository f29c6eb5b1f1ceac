extension Manifest {
    /// The locales the manifest is written in, which `--locale all` writes a file for each of: `defaults.locale`
    /// first, then every locale a text has, in the order first written, told apart as `LocalizedText.same` tells
    /// them (case, and `_` for `-`).
    public var writtenLocales: [String] {
        var all = defaults.locale.map { [$0] } ?? []
        for locale in MissingTranslationRule.locales(of: self) where !all.contains(where: { LocalizedText.same($0, locale) }) {
            all.append(locale)
        }
        return all
    }
}
