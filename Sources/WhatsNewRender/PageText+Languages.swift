extension PageText {
    /// The table's language in its own words (an autonym), as the language switcher of `--locale all` names it.
    package var languageName: String {
        switch language {
        case "de": return "Deutsch"
        case "fr": return "Français"
        case "es": return "Español"
        case "it": return "Italiano"
        case "pt-BR": return "Português"
        case "ja": return "日本語"
        case "ko": return "한국어"
        case "zh-Hans": return "简体中文"
        case "zh-Hant": return "繁體中文"
        default: return "English"
        }
    }

    /// The accessible name of the language switcher.
    package var languages: String {
        switch language {
        case "de": return "Sprachen"
        case "fr": return "Langues"
        case "es": return "Idiomas"
        case "it": return "Lingue"
        case "pt-BR": return "Idiomas"
        case "ja": return "言語"
        case "ko": return "언어"
        case "zh-Hans": return "语言"
        case "zh-Hant": return "語言"
        default: return "Languages"
        }
    }

    /// The back link of a pushed `present` page on the showcase.
    package var back: String {
        switch language {
        case "de": return "Zurück"
        case "fr": return "Retour"
        case "es": return "Volver"
        case "it": return "Indietro"
        case "pt-BR": return "Voltar"
        case "ja": return "戻る"
        case "ko": return "뒤로"
        case "zh-Hans": return "返回"
        case "zh-Hant": return "返回"
        default: return "Back"
        }
    }
}
