extension Manifest {
    /// The locales the manifest is written in, which `--locale all` writes a file for each of: `defaults.locale`
    /// first, then every locale a text has, in the order first written, told apart as `LocalizedText.same` tells
    /// them (case, and `_` for `-`).
    public var writtenLocales: [String] {
        locales(startingWith: defaults.locale)
    }

    /// `first` (when given), then every locale a text has, in the order first written, each once as
    /// `LocalizedText.same` tells them apart. Found by hashing their keys: a manifest may have as many
    /// locales as texts, and comparing each with every other took 49 s for 40,000.
    package func locales(startingWith first: String? = nil) -> [String] {
        var all: [String] = []
        var seen: Set<String> = []
        if let first, seen.insert(LocalizedText.key(first)).inserted { all.append(first) }
        forEachText(where: { $0.isLocalized }) { text, _ in
            for entry in text.entries {
                if let locale = entry.locale, seen.insert(LocalizedText.key(locale)).inserted { all.append(locale) }
            }
        }
        return all
    }
}
