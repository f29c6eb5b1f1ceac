import Threads
import WhatsNewText

/// The sets of scalars a Unicode property escape (`\p{…}`) names, as ECMA-262 defines them for the `u` flag:
/// a General_Category value (`L`, `Letter`, `gc=Lu`, `General_Category=Uppercase_Letter`), a Script or
/// Script_Extensions value (`sc=Greek`, `Script_Extensions=Grek`) or a binary property (`Alphabetic`,
/// `Alpha`). Names are matched exactly, as ECMA-262 asks: `\p{letter}` is an error.
///
/// The General Category is utf8proc's; the rest is `UnicodePropertyData`, generated from the Unicode
/// Character Database of the same Unicode version. Each set is built the first time a pattern names it and
/// kept for the process.
enum UnicodeProperty {
    /// The set `\p{expression}` matches; `expression` is the text between the braces.
    static func set(for expression: String) throws(UnicodePropertyError) -> ScalarSet {
        guard !expression.isEmpty else {
            throw UnicodePropertyError("'\\p{}' names no property; write one such as '\\p{Letter}'")
        }
        guard let equals = expression.firstIndex(of: "=") else {
            if let categories = generalCategoryNames[expression] { return generalCategory(categories) }
            if let index = binaryPropertyNames[expression] { return cached("binary \(index)") { binaryProperty(index) } }
            if expression == "Any" { return ScalarSet(ranges: [0...0x10FFFF]) }
            if expression == "ASCII" { return ScalarSet(ranges: [0...0x7F]) }
            if expression == "Assigned" { return unassigned.inverted }
            if scriptNames[expression] != nil {
                throw UnicodePropertyError("'\(expression)' is a script: write '\\p{Script=\(expression)}'")
            }
            let candidates = generalCategoryNames.keys.sorted() + binaryPropertyNames.keys.sorted() + ["Any", "ASCII", "Assigned"]
            throw UnicodePropertyError("unknown Unicode property '\(expression)'" + Suggestion.phrase(for: expression, in: candidates))
        }
        let name = String(expression[..<equals])
        let value = String(expression[expression.index(after: equals)...])
        guard !name.isEmpty, !value.isEmpty, !value.contains("=") else {
            throw UnicodePropertyError("expected a property and its value, such as '\\p{Script=Greek}', found '\\p{\(expression)}'")
        }
        switch name {
        case "General_Category", "gc":
            guard let categories = generalCategoryNames[value] else {
                throw UnicodePropertyError("unknown General_Category value '\(value)'"
                                           + Suggestion.phrase(for: value, in: generalCategoryNames.keys.sorted()))
            }
            return generalCategory(categories)
        case "Script", "sc", "Script_Extensions", "scx":
            guard let index = scriptNames[value] else {
                throw UnicodePropertyError("unknown \(name) value '\(value)'" + Suggestion.phrase(for: value, in: scriptNames.keys.sorted()))
            }
            if name == "Script" || name == "sc" { return scripts.sets[index] }
            return cached("scx \(index)") { scriptExtension(index) }
        default:
            if binaryPropertyNames[name] != nil || ["Any", "ASCII", "Assigned"].contains(name) {
                throw UnicodePropertyError("the binary property '\(name)' takes no value: write '\\p{\(name)}'")
            }
            let names = ["General_Category", "gc", "Script", "sc", "Script_Extensions", "scx"]
            throw UnicodePropertyError("unknown Unicode property '\(name)'" + Suggestion.phrase(for: name, in: names)
                                       + " ('\\p{name=value}' takes General_Category, Script or Script_Extensions)")
        }
    }

    // MARK: Binary properties

    /// Every name and alias of each binary property, to its index in `UnicodePropertyData.binaryProperties`.
    static let binaryPropertyNames: [String: Int] = {
        var names: [String: Int] = [:]
        for (index, property) in UnicodePropertyData.binaryProperties.enumerated() {
            for name in property.names { names[name] = index }
        }
        return names
    }()

    static func binaryProperty(_ index: Int) -> ScalarSet {
        ScalarSet(ranges: ranges(in: UnicodePropertyData.binaryProperties[index].ranges))
    }

    // MARK: Tables

    /// The ranges of a generated table's text: hex scalars and `low-high` ranges, separated by spaces.
    static func ranges(in text: String) -> [ClosedRange<UInt32>] {
        text.split(separator: " ").compactMap { item in
            let bounds = item.split(separator: "-", maxSplits: 1)
            guard let low = bounds.first.flatMap({ UInt32($0, radix: 16) }),
                  let high = bounds.count == 2 ? UInt32(bounds[1], radix: 16) : low, low <= high else { return nil }
            return low...high
        }
    }

    private static let cache = Locked([String: ScalarSet]())

    /// The set under `key`, made by `make` the first time.
    static func cached(_ key: String, _ make: () -> ScalarSet) -> ScalarSet {
        if let known = cache.withLock({ $0[key] }) { return known }
        let set = make()
        cache.withLock { $0[key] = set }
        return set
    }
}
