/// The names of events and parameters that `whatsnew tip donate` and `tip param` accept (and the
/// library's `donate`/`setParameter`): 1 to 200 letters, digits and `_ . - : /`, not starting with `-`
/// (so a name is never taken for an option). A rule naming anything else can never hold.
package enum TipNames {
    package static let maximumLength = 200

    /// Why `name` is not one an app can donate or set, or nil when it is.
    package static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.unicodeScalars.count > maximumLength { return "it is longer than \(maximumLength) characters" }
        if name.hasPrefix("-") { return "it starts with '-', which the command line reads as an option" }
        if let bad = name.unicodeScalars.first(where: { !isAllowed($0) }) {
            let shown = bad.properties.generalCategory == .spaceSeparator || bad.value < 0x21 || bad.value == 0x7F
                ? "U+" + String(repeating: "0", count: max(0, 4 - String(bad.value, radix: 16).count)) + String(bad.value, radix: 16, uppercase: true)
                : "'\(bad)'"
            return "it contains \(shown); expected letters, digits and _ . - : /"
        }
        return nil
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "_.-:/".unicodeScalars.contains(scalar)
    }

    /// A rule name as written in a manifest, its placeholders read as the letters that fill them.
    package static func problem(withWritten name: String) -> String? {
        var values: [String: String] = [:]
        for placeholder in Placeholders.names(in: name) { values[placeholder] = "x" }
        return problem(with: Placeholders.fill(name, with: values))
    }
}
