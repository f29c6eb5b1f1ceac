import WhatsNewModel

/// The kind a changelog's section name means, by a table of the names projects write (`Bug Fixes`,
/// `🐛 Fixes`, `Features`, `Breaking Changes`, `1. Enhancements`, `BUG FIXES:`), beyond Keep a Changelog's six.
enum SectionName {
    /// The kind `name` means; nil for a name the table does not hold.
    static func kind(of name: String) -> FeatureKind? {
        let key = normalized(name)
        if let kind = FeatureKind(heading: key) { return kind }
        return table[key]
    }

    /// Lower case, emoji and numbering at the start dropped (`🐛 `, `1. `), a trailing `:` dropped, a trailing
    /// parenthesis dropped (`Added (unstable)`), runs of white space as one space.
    static func normalized(_ name: String) -> String {
        var text = Substring(name.lowercased())
        text = text.drop { !$0.isLetter }
        while let last = text.last, !last.isLetter { text = text.dropLast() }
        if let open = text.firstIndex(of: "(") { text = text[..<open] }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    private static let table: [String: FeatureKind] = {
        var table: [String: FeatureKind] = [:]
        let names: [(FeatureKind, [String])] = [
            (.added, ["add", "adds", "addition", "additions", "new", "new feature", "new features", "feature", "features", "feat",
                      "minor changes", "what's new", "whats new"]),
            (.changed, ["change", "changes", "breaking", "breaking change", "breaking changes", "major changes", "enhancement",
                        "enhancements", "improvement", "improvements", "performance", "performance improvements", "perf",
                        "refactor", "refactoring", "code refactoring", "update", "updates", "updated", "dependencies",
                        "dependency updates", "other changes"]),
            (.deprecated, ["deprecate", "deprecation", "deprecations", "soft deprecations", "hard deprecations"]),
            (.removed, ["remove", "removal", "removals", "deleted"]),
            (.fixed, ["fix", "fixes", "bug fix", "bug fixes", "bugfix", "bugfixes", "bugs", "bugs fixed", "patch changes"]),
            (.security, ["security fix", "security fixes", "vulnerabilities"]),
        ]
        for (kind, words) in names {
            for word in words { table[word] = kind }
        }
        return table
    }()
}
