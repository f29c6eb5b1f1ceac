/// What the targets of `--locale all` (`OutputPlan.forEveryLocale`) need to render: the notes in each of their
/// locales, and the HTML pages' links to each other's languages.
struct LocaleOutputs: Sendable {
    /// The notes by the locale of a target.
    private var notesByLocale: [String: ReleaseNotes] = [:]
    /// The HTML targets with a locale, in the plan's order.
    private var pages: [OutputPlan.Target] = []

    /// The notes for every locale a target of `plan` names (none for a plan without `--locale all`).
    init(_ manifest: Manifest, selection: Selection, plan: OutputPlan) {
        for target in plan.targets {
            guard let locale = target.locale else { continue }
            if target.format == .html { pages.append(target) }
            guard notesByLocale[locale] == nil else { continue }
            var localized = selection
            localized.locale = locale
            notesByLocale[locale] = ReleaseNotes(manifest, selection: localized)
        }
    }

    /// The notes of `target` when it has a locale of its own.
    func notes(for target: OutputPlan.Target) -> ReleaseNotes? {
        target.locale.flatMap { notesByLocale[$0] }
    }

    /// The pages in every language beside the HTML page `target` (in its directory), itself among them; the
    /// first is the default (`hreflang="x-default"`). Empty for a page without a locale of its own.
    func languageLinks(for target: OutputPlan.Target) -> [HTMLEmitter.LanguageLink] {
        guard target.locale != nil else { return [] }
        let directory = Self.directory(of: target.path)
        let siblings = pages.filter { Self.directory(of: $0.path) == directory }
        let names = siblings.map { page in page.locale.flatMap { PageText.table(for: $0) }?.languageName }
        return siblings.enumerated().map { index, page in
            let locale = page.locale ?? ""
            // A name two pages share (en-US and en-GB) says the code too.
            var name = names[index] ?? locale
            if names[index] != nil, names.filter({ $0 == names[index] }).count > 1 { name += " (\(locale))" }
            return HTMLEmitter.LanguageLink(language: HTMLEmitter.languageTag(locale), href: Self.fileName(of: page.path), name: name,
                                            isCurrent: page.path == target.path, isDefault: index == 0)
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
