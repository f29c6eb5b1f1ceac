import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

/// What the targets of `--locale all` (`OutputPlan.forEveryLocale`) need to render: the notes in each of their
/// locales, and the HTML pages' links to each other's languages.
package struct LocaleOutputs: Sendable {
    /// The notes by the locale of a target.
    private var notesByLocale: [String: ReleaseNotes] = [:]
    /// The language links of the HTML pages with a locale, by their directory, in the plan's order (each page
    /// marks itself current among them).
    private var linksByDirectory: [Substring: [HTMLEmitter.LanguageLink]] = [:]

    /// What a page's two lists (`<link rel="alternate">` and the switcher) write for each link, besides its texts.
    static let linkMarkupBytes = 128

    /// The notes for every locale a target of `plan` names (none for a plan without `--locale all`); nil, after
    /// reporting `output-budget-exceeded`, when they would pass what is left of `budget`. Each locale's notes
    /// are measured as they are made, so no more are made than the budget allows; so are the pages' language
    /// links, which every page of a directory writes for every other (their number squared).
    init?(_ manifest: Manifest, selection: Selection, plan: OutputPlan, budget: inout OutputBudget, engine: DiagnosticEngine) {
        var locales: [String] = []
        var seen: Set<String> = []
        var directories: [Substring] = []
        var pagesByDirectory: [Substring: [OutputPlan.Target]] = [:]
        for target in plan.targets {
            guard let locale = target.locale else { continue }
            if target.format == .html {
                let directory = Self.directory(of: target.path)
                if pagesByDirectory[directory] == nil { directories.append(directory) }
                pagesByDirectory[directory, default: []].append(target)
            }
            if seen.insert(locale).inserted { locales.append(locale) }
        }
        for directory in directories {
            let pages = pagesByDirectory[directory] ?? []
            let links = Self.languageLinks(pages)
            let bytes = links.reduce(0) { $0 + Self.linkMarkupBytes + 2 * $1.href.utf8.count + 3 * $1.language.utf8.count + $1.name.utf8.count }
            let (total, overflow) = bytes.multipliedReportingOverflow(by: pages.count)
            if let problem = budget.spend(overflow ? Int.max : total, on: "the language links of \(pages.count) HTML pages, each listing every one") {
                engine.report(problem)
                return nil
            }
            linksByDirectory[directory] = links
        }
        for (index, locale) in locales.enumerated() {
            var localized = selection
            localized.locale = locale
            let notes = ReleaseNotes(manifest, selection: localized)
            if let problem = budget.spend(notes, of: manifest, locale: (locale, index, locales.count)) {
                engine.report(problem)
                return nil
            }
            notesByLocale[locale] = notes
        }
    }

    /// The notes of `target` when it has a locale of its own.
    package func notes(for target: OutputPlan.Target) -> ReleaseNotes? {
        target.locale.flatMap { notesByLocale[$0] }
    }

    /// The pages in every language beside the HTML page `target` (in its directory), itself among them; the
    /// first is the default (`hreflang="x-default"`). Empty for a page without a locale of its own.
    func languageLinks(for target: OutputPlan.Target) -> [HTMLEmitter.LanguageLink] {
        guard target.locale != nil, let links = linksByDirectory[Self.directory(of: target.path)] else { return [] }
        let name = Self.fileName(of: target.path)
        return links.map { link in
            HTMLEmitter.LanguageLink(language: link.language, href: link.href, name: link.name, isCurrent: link.href == name,
                                     isDefault: link.isDefault)
        }
    }

    /// The links of the pages of one directory, none marked current.
    private static func languageLinks(_ pages: [OutputPlan.Target]) -> [HTMLEmitter.LanguageLink] {
        let names = pages.map { page in page.locale.flatMap { PageText.table(for: $0) }?.languageName }
        var uses: [String: Int] = [:]
        for case let name? in names { uses[name, default: 0] += 1 }
        return pages.enumerated().map { index, page in
            let locale = page.locale ?? ""
            // A name two pages share (en-US and en-GB) says the code too.
            var name = names[index] ?? locale
            if let shared = names[index], uses[shared, default: 0] > 1 { name += " (\(locale))" }
            return HTMLEmitter.LanguageLink(language: HTMLEmitter.languageTag(locale), href: Self.fileName(of: page.path), name: name,
                                            isCurrent: false, isDefault: index == 0)
        }
    }

    private static func directory(of path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path[..<slash]
    }

    private static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
