import WhatsNewModel

/// The date of a release heading, in the forms changelogs write it: `2026-11-01`, `2026/11/01`,
/// `November 1, 2026`, `Nov 1st, 2026`, `1 November 2026`, `6th December, 2024`, read as `YYYY-MM-DD`.
enum HeadingDate {
    /// The date that `words` (a heading's words, without parentheses and commas) start with at `index`, and how
    /// many words it takes; nil when they start with none.
    static func read(_ words: [String], at index: Int) -> (date: String, count: Int)? {
        guard index < words.count else { return nil }
        let first = words[index]
        var iso = first
        if iso.count == 10, iso.contains("/") { iso = String(iso.map { $0 == "/" ? "-" : $0 }) }
        if iso.count == 10, VersionEntry.isISODate(iso) { return (iso, 1) }
        guard index + 2 < words.count else { return nil }
        let (second, third) = (words[index + 1], words[index + 2])
        if let month = month(first), let day = day(second), let year = year(third) { return (format(year, month, day), 3) }
        if let day = day(first), let month = month(second), let year = year(third) { return (format(year, month, day), 3) }
        return nil
    }

    /// Whether the word is a placeholder for a date not known yet (`2026-MM-DD`, `YYYY-MM-DD`, `TBD`).
    static func isPlaceholder(_ word: String) -> Bool {
        let upper = word.uppercased()
        if upper == "TBD" || upper == "TBA" { return true }
        return word.count == 10 && upper.hasSuffix("-MM-DD") && (upper.hasPrefix("YYYY") || upper.prefix(4).allSatisfy(\.isNumber))
    }

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                                 "november", "december"]

    private static func month(_ word: String) -> Int? {
        let word = word.lowercased().trimmingDot
        guard word.count >= 3 else { return nil }
        if word == "sept" { return 9 }
        return months.firstIndex { $0 == word || ($0.hasPrefix(word) && word.count == 3) }.map { $0 + 1 }
    }

    private static func day(_ word: String) -> Int? {
        var digits = word.lowercased()
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits.removeLast(2)
            break
        }
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isNumber), let day = Int(digits), (1...31).contains(day) else { return nil }
        return day
    }

    private static func year(_ word: String) -> Int? {
        guard word.count == 4, word.allSatisfy(\.isNumber), let year = Int(word), year >= 1900 else { return nil }
        return year
    }

    private static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}

private extension String {
    var trimmingDot: String { hasSuffix(".") ? String(dropLast()) : self }
}
