internal import CUTF8Proc

/// `\p{L}`, `\p{gc=Lu}`: the General_Category values, from utf8proc.
extension UnicodeProperty {
    /// The version of Unicode whose General Category utf8proc has; `UnicodePropertyData` should be of the same.
    static var generalCategoryUnicodeVersion: String {
        String(cString: utf8proc_unicode_version())
    }

    /// ECMA-262's General_Category values, each with the utf8proc categories it covers.
    static let generalCategoryNames: [String: [Int]] = {
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

    /// Each utf8proc category's scalars, found in one pass over every code point (13 ms in a release build,
    /// once per process, only when a pattern names a General_Category value).
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

    /// General_Category=Unassigned (`Cn`).
    static var unassigned: ScalarSet {
        generalCategory([Int(UTF8PROC_CATEGORY_CN.rawValue)])
    }

    /// The scalars of the utf8proc categories `categories`.
    static func generalCategory(_ categories: [Int]) -> ScalarSet {
        cached("gc \(categories)") {
            ScalarSet(ranges: categories.flatMap { categoryRanges.indices.contains($0) ? categoryRanges[$0] : [] })
        }
    }
}
