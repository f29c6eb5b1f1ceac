internal import CUTF8Proc
import Threads

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
            if expression == "Assigned" { return generalCategory([Int(UTF8PROC_CATEGORY_CN.rawValue)]).inverted }
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

    /// The version of Unicode whose General Category utf8proc has; `UnicodePropertyData` should be of the same.
    static var generalCategoryUnicodeVersion: String {
        String(cString: utf8proc_unicode_version())
    }

    // MARK: General_Category

    /// ECMA-262's General_Category values, each with the utf8proc categories it covers.
    private static let generalCategoryNames: [String: [Int]] = {
        let lu = Int(UTF8PROC_CATEGORY_LU.rawValue), ll = Int(UTF8PROC_CATEGORY_LL.rawValue), lt = Int(UTF8PROC_CATEGORY_LT.rawValue)
        let lm = Int(UTF8PROC_CATEGORY_LM.rawValue), lo = Int(UTF8PROC_CATEGORY_LO.rawValue)
        let mn = Int(UTF8PROC_CATEGORY_MN.rawValue), mc = Int(UTF8PROC_CATEGORY_MC.rawValue), me = Int(UTF8PROC_CATEGORY_ME.rawValue)
        let nd = Int(UTF8PROC_CATEGORY_ND.rawValue), nl = Int(UTF8PROC_CATEGORY_NL.rawValue), no = Int(UTF8PROC_CATEGORY_NO.rawValue)
        let pc = Int(UTF8PROC_CATEGORY_PC.rawValue), pd = Int(UTF8PROC_CATEGORY_PD.rawValue), ps = Int(UTF8PROC_CATEGORY_PS.rawValue)
        let pe = Int(UTF8PROC_CATEGORY_PE.rawValue), pi = Int(UTF8PROC_CATEGORY_PI.rawValue), pf = Int(UTF8PROC_CATEGORY_PF.rawValue)
        let po = Int(UTF8PROC_CATEGORY_PO.rawValue)
        let sm = Int(UTF8PROC_CATEGORY_SM.rawValue), sc = Int(UTF8PROC_CATEGORY_SC.rawValue), sk = Int(UTF8PROC_CATEGORY_SK.rawValue)
        let so = Int(UTF8PROC_CATEGORY_SO.rawValue)
        let zs = Int(UTF8PROC_CATEGORY_ZS.rawValue), zl = Int(UTF8PROC_CATEGORY_ZL.rawValue), zp = Int(UTF8PROC_CATEGORY_ZP.rawValue)
        let cc = Int(UTF8PROC_CATEGORY_CC.rawValue), cf = Int(UTF8PROC_CATEGORY_CF.rawValue), cs = Int(UTF8PROC_CATEGORY_CS.rawValue)
        let co = Int(UTF8PROC_CATEGORY_CO.rawValue), cn = Int(UTF8PROC_CATEGORY_CN.rawValue)
        let values: [([String], [Int])] = [
            (["Cased_Letter", "LC"], [lu, ll, lt]), (["Close_Punctuation", "Pe"], [pe]),
            (["Connector_Punctuation", "Pc"], [pc]), (["Control", "Cc", "cntrl"], [cc]), (["Currency_Symbol", "Sc"], [sc]),
            (["Dash_Punctuation", "Pd"], [pd]), (["Decimal_Number", "Nd", "digit"], [nd]), (["Enclosing_Mark", "Me"], [me]),
            (["Final_Punctuation", "Pf"], [pf]), (["Format", "Cf"], [cf]), (["Initial_Punctuation", "Pi"], [pi]),
            (["Letter", "L"], [lu, ll, lt, lm, lo]), (["Letter_Number", "Nl"], [nl]), (["Line_Separator", "Zl"], [zl]),
            (["Lowercase_Letter", "Ll"], [ll]), (["Mark", "M", "Combining_Mark"], [mn, mc, me]), (["Math_Symbol", "Sm"], [sm]),
            (["Modifier_Letter", "Lm"], [lm]), (["Modifier_Symbol", "Sk"], [sk]), (["Nonspacing_Mark", "Mn"], [mn]),
            (["Number", "N"], [nd, nl, no]), (["Open_Punctuation", "Ps"], [ps]), (["Other", "C"], [cc, cf, cs, co, cn]),
            (["Other_Letter", "Lo"], [lo]), (["Other_Number", "No"], [no]), (["Other_Punctuation", "Po"], [po]),
            (["Other_Symbol", "So"], [so]), (["Paragraph_Separator", "Zp"], [zp]), (["Private_Use", "Co"], [co]),
            (["Punctuation", "P", "punct"], [pc, pd, ps, pe, pi, pf, po]), (["Separator", "Z"], [zs, zl, zp]),
            (["Space_Separator", "Zs"], [zs]), (["Spacing_Mark", "Mc"], [mc]), (["Surrogate", "Cs"], [cs]),
            (["Symbol", "S"], [sm, sc, sk, so]), (["Titlecase_Letter", "Lt"], [lt]), (["Unassigned", "Cn"], [cn]),
            (["Uppercase_Letter", "Lu"], [lu]),
        ]
        var names: [String: [Int]] = [:]
        for (aliases, categories) in values {
            for alias in aliases { names[alias] = categories }
        }
        return names
    }()

    /// Each utf8proc category's scalars, found in one pass over every code point (a few milliseconds).
    private static let categoryRanges: [[ClosedRange<UInt32>]] = {
        var ranges = [[ClosedRange<UInt32>]](repeating: [], count: 30)
        var start: UInt32 = 0
        var category = Int(utf8proc_category(0).rawValue)
        for value in UInt32(1)...0x110000 {
            let next = value <= 0x10FFFF ? Int(utf8proc_category(utf8proc_int32_t(value)).rawValue) : -1
            guard next != category else { continue }
            if ranges.indices.contains(category) { ranges[category].append(start...(value - 1)) }
            start = value
            category = next
        }
        return ranges
    }()

    private static func generalCategory(_ categories: [Int]) -> ScalarSet {
        cached("gc \(categories)") {
            ScalarSet(ranges: categories.flatMap { categoryRanges.indices.contains($0) ? categoryRanges[$0] : [] })
        }
    }

    // MARK: Script and Script_Extensions

    /// Every name and alias of each script, to its index in `UnicodePropertyData.scripts`.
    private static let scriptNames: [String: Int] = {
        var names: [String: Int] = [:]
        for (index, script) in UnicodePropertyData.scripts.enumerated() {
            for name in script.names { names[name] = index }
        }
        return names
    }()

    /// Each script's scalars (Unknown, `Zzzz`, is every scalar no other script has), and the scalars whose
    /// Script_Extensions is listed apart.
    private static let scripts: (sets: [ScalarSet], listedExtensions: ScalarSet) = {
        var sets = UnicodePropertyData.scripts.map { ScalarSet(ranges: ranges(in: $0.ranges)) }
        if let unknown = scriptNames["Zzzz"] {
            sets[unknown] = ScalarSet(ranges: sets.flatMap(\.ranges)).inverted
        }
        let listed = ScalarSet(ranges: UnicodePropertyData.scriptExtensions.flatMap { ranges(in: $0.ranges) })
        return (sets, listed)
    }()

    /// Script_Extensions=`script`: the scalars of the script whose extensions are not listed apart, and
    /// those whose listed extensions include it.
    private static func scriptExtension(_ index: Int) -> ScalarSet {
        let names = Set(UnicodePropertyData.scripts[index].names)
        var result = scripts.sets[index].subtracting(scripts.listedExtensions).ranges
        for entry in UnicodePropertyData.scriptExtensions where entry.scripts.split(separator: " ").contains(where: { names.contains(String($0)) }) {
            result += ranges(in: entry.ranges)
        }
        return ScalarSet(ranges: result)
    }

    // MARK: Binary properties

    /// Every name and alias of each binary property, to its index in `UnicodePropertyData.binaryProperties`.
    private static let binaryPropertyNames: [String: Int] = {
        var names: [String: Int] = [:]
        for (index, property) in UnicodePropertyData.binaryProperties.enumerated() {
            for name in property.names { names[name] = index }
        }
        return names
    }()

    private static func binaryProperty(_ index: Int) -> ScalarSet {
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
    private static func cached(_ key: String, _ make: () -> ScalarSet) -> ScalarSet {
        if let known = cache.withLock({ $0[key] }) { return known }
        let set = make()
        cache.withLock { $0[key] = set }
        return set
    }
}

/// A `\p{…}` that names no property ECMA-262 knows, or gives it a value it does not have.
struct UnicodePropertyError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
