/// `\p{sc=Greek}`, `\p{scx=Grek}`: the Script and Script_Extensions values, from `UnicodePropertyData`.
extension UnicodeProperty {
    /// Every name and alias of each script, to its index in `UnicodePropertyData.scripts`.
    static let scriptNames: [String: Int] = {
        var names: [String: Int] = [:]
        for (index, script) in UnicodePropertyData.scripts.enumerated() {
            for name in script.names { names[name] = index }
        }
        return names
    }()

    /// Each script's scalars (Unknown, `Zzzz`, is every scalar no other script has), and the scalars whose
    /// Script_Extensions is listed apart.
    static let scripts: (sets: [ScalarSet], listedExtensions: ScalarSet) = {
        var sets = UnicodePropertyData.scripts.map { ScalarSet(ranges: ranges(in: $0.ranges)) }
        if let unknown = scriptNames["Zzzz"] {
            sets[unknown] = ScalarSet(ranges: sets.flatMap(\.ranges)).inverted
        }
        let listed = ScalarSet(ranges: UnicodePropertyData.scriptExtensions.flatMap { ranges(in: $0.ranges) })
        return (sets, listed)
    }()

    /// Script_Extensions=`script`: the scalars of the script whose extensions are not listed apart, and
    /// those whose listed extensions include it.
    static func scriptExtension(_ index: Int) -> ScalarSet {
        let names = Set(UnicodePropertyData.scripts[index].names)
        var result = scripts.sets[index].subtracting(scripts.listedExtensions).ranges
        for entry in UnicodePropertyData.scriptExtensions where entry.scripts.split(separator: " ").contains(where: { names.contains(String($0)) }) {
            result += ranges(in: entry.ranges)
        }
        return ScalarSet(ranges: result)
    }
}
