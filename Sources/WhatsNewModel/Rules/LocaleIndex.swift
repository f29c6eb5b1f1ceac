/// The locales of a manifest, numbered, with what `MissingTranslationRule` asks of each: its language and
/// script, as numbers too. The rule asks about every locale for every localized text, so these are array
/// reads instead of comparisons of strings (a manifest may have as many locales as texts).
struct LocaleIndex {
    /// The locales, as first written.
    let locales: [String]
    /// Each locale's number by its key (`LocalizedText.key`).
    private let numbers: [String: Int]
    /// For each locale: the number of its language (`de` of `de-AT`), the same for every locale of one language.
    let languages: [Int]
    /// For each locale: the number of its script subtag (`Hant` of `zh-Hant-TW`), or -1 when it names none.
    let scripts: [Int]
    /// For each locale: the number of the locale that is its language (`de` for `de-AT`, itself for `de`), or -1
    /// when its language is not one of the locales.
    let languageLocales: [Int]

    init(_ locales: [String]) {
        self.locales = locales
        var numbers: [String: Int] = [:]
        for (number, locale) in locales.enumerated() { numbers[LocalizedText.key(locale)] = number }
        var languageNumbers: [String: Int] = [:]
        var scriptNumbers: [String: Int] = [:]
        var languages: [Int] = [], scripts: [Int] = [], languageLocales: [Int] = []
        for locale in locales {
            let language = LocalizedText.key(LocalizedText.language(of: locale))
            languages.append(languageNumbers[language] ?? { languageNumbers[language] = languageNumbers.count; return languageNumbers.count - 1 }())
            let script = MissingTranslationRule.script(of: locale).map(LocalizedText.key)
            scripts.append(script.map { script in scriptNumbers[script] ?? { scriptNumbers[script] = scriptNumbers.count; return scriptNumbers.count - 1 }() } ?? -1)
            languageLocales.append(numbers[language] ?? -1)
        }
        self.numbers = numbers
        self.languages = languages
        self.scripts = scripts
        self.languageLocales = languageLocales
    }

    /// The number of `locale`, or nil when it is none of the manifest's.
    func number(of locale: String) -> Int? {
        numbers[LocalizedText.key(locale)]
    }

    /// Whether a reader of one locale can read a text of the other (see `MissingTranslationRule.sameLanguage`).
    func sameLanguage(_ a: Int, _ b: Int) -> Bool {
        languages[a] == languages[b] && (scripts[a] < 0 || scripts[b] < 0 || scripts[a] == scripts[b])
    }
}
