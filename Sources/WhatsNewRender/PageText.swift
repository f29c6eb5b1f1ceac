/// The words of the HTML pages that are not the manifest's — "Versions", "Pre-release", the footer, dates —
/// in the page's language, chosen by the fallback chain of the notes' texts: the locale asked for, its
/// language, the manifest's default locale, then English.
///
/// Dates are written from a table here rather than by ICU: a page must be byte-identical on every machine,
/// and ICU's month names and patterns change between its versions.
package struct PageText: Sendable {
    /// The BCP 47 tag of the table chosen (`en`, `de`, `pt-BR`, `zh-Hant`).
    package let language: String
    let releaseNotes: String
    package let versions: String
    let skipToNotes: String
    let preRelease: String
    /// The permalink's accessible name for a version.
    let linkToVersion: @Sendable (_ version: String) -> String
    let compiledBy: String
    let noVersions: String
    let noVersion: String
    /// A date in this language from its year, month (1…12) and day.
    let formatDate: @Sendable (_ year: Int, _ month: Int, _ day: Int) -> String

    /// A document's title: `Trails — Release notes`, or the words alone without an app name (the HTML page's
    /// `<title>`, the Markdown changelog's heading, the feeds' descriptions).
    func documentTitle(appName: String?) -> String {
        appName.map { "\($0) — \(releaseNotes)" } ?? releaseNotes
    }

    /// The permalink's accessible name for `version`.
    func linkTo(version: String) -> String {
        linkToVersion(version)
    }

    /// `2025-06-12` (a date, or the date part of a date and time) as a date of this language; nil when it is
    /// not such a date.
    func humanDate(_ iso: String) -> String? {
        let bytes = Array(iso.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        return formatDate(year, month, day)
    }

    /// The table for a page in `locale` (nil: the default locale's), by the texts' fallback chain.
    static func forPage(locale: String?, defaultLocale: String?) -> PageText {
        for candidate in [locale, defaultLocale].compactMap({ $0 }) {
            if let text = table(for: candidate) { return text }
        }
        return english
    }

    /// The table for a locale code or its language; nil when there is none.
    package static func table(for locale: String) -> PageText? {
        let parts = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first else { return nil }
        switch language {
        case "en": return english
        case "de": return german
        case "fr": return french
        case "es": return spanish
        case "it": return italian
        case "pt": return portuguese
        case "ja": return japanese
        case "ko": return korean
        case "zh":
            // Traditional for zh-Hant and for the regions that write it when no script is named.
            let traditional = parts.contains("hant") || (!parts.contains("hans") && parts.contains { ["tw", "hk", "mo"].contains($0) })
            return traditional ? traditionalChinese : simplifiedChinese
        default: return nil
        }
    }

    private static func monthNames(_ names: String) -> [String] {
        names.split(separator: " ").map(String.init)
    }

    static let english: PageText = {
        let months = monthNames("January February March April May June July August September October November December")
        return PageText(language: "en", releaseNotes: "Release notes", versions: "Versions", skipToNotes: "Skip to the notes",
                        preRelease: "Pre-release", linkToVersion: { "Link to version \($0)" }, compiledBy: "Compiled by whatsnew.",
                        noVersions: "No versions selected.", noVersion: "No version selected.",
                        formatDate: { year, month, day in "\(day) \(months[month - 1]) \(year)" })
    }()

    static let german: PageText = {
        let months = monthNames("Januar Februar März April Mai Juni Juli August September Oktober November Dezember")
        return PageText(language: "de", releaseNotes: "Versionshinweise", versions: "Versionen", skipToNotes: "Zu den Neuerungen springen",
                        preRelease: "Vorabversion", linkToVersion: { "Link zu Version \($0)" }, compiledBy: "Erstellt mit whatsnew.",
                        noVersions: "Keine Versionen ausgewählt.", noVersion: "Keine Version ausgewählt.",
                        formatDate: { year, month, day in "\(day). \(months[month - 1]) \(year)" })
    }()

    static let french: PageText = {
        let months = monthNames("janvier février mars avril mai juin juillet août septembre octobre novembre décembre")
        return PageText(language: "fr", releaseNotes: "Notes de version", versions: "Versions", skipToNotes: "Aller aux nouveautés",
                        preRelease: "Préversion", linkToVersion: { "Lien vers la version \($0)" }, compiledBy: "Compilé par whatsnew.",
                        noVersions: "Aucune version sélectionnée.", noVersion: "Aucune version sélectionnée.",
                        formatDate: { year, month, day in "\(day == 1 ? "1er" : String(day)) \(months[month - 1]) \(year)" })
    }()

    static let spanish: PageText = {
        let months = monthNames("enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre")
        return PageText(language: "es", releaseNotes: "Notas de la versión", versions: "Versiones", skipToNotes: "Ir a las novedades",
                        preRelease: "Versión preliminar", linkToVersion: { "Enlace a la versión \($0)" }, compiledBy: "Compilado con whatsnew.",
                        noVersions: "No se ha seleccionado ninguna versión.", noVersion: "No se ha seleccionado ninguna versión.",
                        formatDate: { year, month, day in "\(day) de \(months[month - 1]) de \(year)" })
    }()

    static let italian: PageText = {
        let months = monthNames("gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre")
        return PageText(language: "it", releaseNotes: "Note di rilascio", versions: "Versioni", skipToNotes: "Vai alle novità",
                        preRelease: "Versione preliminare", linkToVersion: { "Link alla versione \($0)" }, compiledBy: "Compilato con whatsnew.",
                        noVersions: "Nessuna versione selezionata.", noVersion: "Nessuna versione selezionata.",
                        formatDate: { year, month, day in "\(day == 1 ? "1º" : String(day)) \(months[month - 1]) \(year)" })
    }()

    static let portuguese: PageText = {
        let months = monthNames("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro")
        return PageText(language: "pt-BR", releaseNotes: "Notas da versão", versions: "Versões", skipToNotes: "Ir para as novidades",
                        preRelease: "Pré-lançamento", linkToVersion: { "Link para a versão \($0)" }, compiledBy: "Compilado com whatsnew.",
                        noVersions: "Nenhuma versão selecionada.", noVersion: "Nenhuma versão selecionada.",
                        formatDate: { year, month, day in "\(day == 1 ? "1º" : String(day)) de \(months[month - 1]) de \(year)" })
    }()

    static let japanese = PageText(language: "ja", releaseNotes: "リリースノート", versions: "バージョン", skipToNotes: "本文へスキップ",
                                   preRelease: "プレリリース", linkToVersion: { "バージョン \($0) へのリンク" }, compiledBy: "whatsnew で作成。",
                                   noVersions: "バージョンが選択されていません。", noVersion: "バージョンが選択されていません。",
                                   formatDate: { year, month, day in "\(year)年\(month)月\(day)日" })

    static let korean = PageText(language: "ko", releaseNotes: "릴리스 노트", versions: "버전", skipToNotes: "본문으로 건너뛰기",
                                 preRelease: "사전 릴리스", linkToVersion: { "버전 \($0) 링크" }, compiledBy: "whatsnew로 만들었습니다.",
                                 noVersions: "선택한 버전이 없습니다.", noVersion: "선택한 버전이 없습니다.",
                                 formatDate: { year, month, day in "\(year)년 \(month)월 \(day)일" })

    static let simplifiedChinese = PageText(language: "zh-Hans", releaseNotes: "发行说明", versions: "版本", skipToNotes: "跳到正文",
                                            preRelease: "预发布", linkToVersion: { "版本 \($0) 的链接" }, compiledBy: "由 whatsnew 生成。",
                                            noVersions: "未选择版本。", noVersion: "未选择版本。",
                                            formatDate: { year, month, day in "\(year)年\(month)月\(day)日" })

    static let traditionalChinese = PageText(language: "zh-Hant", releaseNotes: "版本資訊", versions: "版本", skipToNotes: "跳至內文",
                                             preRelease: "搶先版", linkToVersion: { "版本 \($0) 的連結" }, compiledBy: "由 whatsnew 產生。",
                                             noVersions: "未選取版本。", noVersion: "未選取版本。",
                                             formatDate: { year, month, day in "\(year)年\(month)月\(day)日" })
}
