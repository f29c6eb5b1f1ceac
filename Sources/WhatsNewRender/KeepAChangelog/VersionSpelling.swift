import WhatsNewModel

/// How a release heading's version is read when it is not SemVer as written: the spellings of Python
/// (PEP 440 `1.2.0rc2`, `18.3a0`, `2.0.0.dev1`, `1.0.post1`), RubyGems (`3.6.0.beta2`, `2.0.0.rc`), two-part
/// versions (`0.24`), ranges (`3.45.0-v3.45.2`) and leading zeros (`2024.01.05`) each map to one SemVer version,
/// and `note` says how, so the importer can warn. A version SemVer reads as written maps to itself, no note.
struct VersionSpelling: Sendable, Hashable {
    /// The SemVer version, as `SemanticVersion.displayDescription` writes it.
    var version: String
    /// How the written spelling was mapped; nil when SemVer reads it as written (`0.24` reads as `0.24.0`
    /// with a note, since the written-back heading will say `0.24.0`).
    var note: String?

    /// The longest a written version is looked at (a version is one git tag, 255 bytes at most).
    static let longest = 255

    /// The version a heading's first word spells, or nil when it starts with no `MAJOR.MINOR`.
    static func read(_ written: String) -> VersionSpelling? {
        guard written.utf8.count <= longest else { return nil }
        var text = Substring(written)
        if text.first == "v" || text.first == "V" { text = text.dropFirst() }
        // At least MAJOR.MINOR: a heading `## 2024` or `## 3 bugs` is no release.
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }
        guard digits() > 0, index < bytes.count, bytes[index] == UInt8(ascii: "."), { index += 1; return digits() > 0 }() else { return nil }
        // A range (`3.45.0-v3.45.2`) reads as SemVer with the pre-release `v3.45.2`; it is its first version.
        if let dash = text.firstIndex(of: "-"), isVersion(text[text.index(after: dash)...]) {
            guard let first = read(String(text[..<dash])), SemanticVersion(first.version) != nil else { return nil }
            return VersionSpelling(version: first.version, note: "'\(written)' is a range of versions, so it is read as its first, \(first.version)")
        }
        if case .success(let version) = SemanticVersion.parse(String(text)) {
            let canonical = version.displayDescription
            let shortened = version.build.isEmpty && version.prerelease.isEmpty && dotCount(text) < 2
            return VersionSpelling(version: canonical, note: shortened ? "'\(written)' has no patch number, so it is read as \(canonical)" : nil)
        }
        // The numbers: up to three, leading zeros dropped; a fourth becomes build metadata.
        index = 0
        var numbers: [Int] = []
        while numbers.count < 4 {
            let start = index
            guard digits() > 0, let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            numbers.append(value)
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), bytes[index + 1] >= 0x30, bytes[index + 1] <= 0x39 else { break }
            index += 1
        }
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        let major = numbers[0], minor = numbers.count > 1 ? numbers[1] : 0, patch = numbers.count > 2 ? numbers[2] : 0
        var build: [String] = numbers.count > 3 ? [String(numbers[3])] : []
        var prerelease: [SemanticVersion.Identifier] = []
        if !rest.isEmpty {
            guard let suffix = suffix(rest, major: major, minor: minor, patch: patch) else { return nil }
            prerelease = suffix.prerelease
            build += suffix.build
        }
        let version = SemanticVersion(major: major, minor: minor, patch: patch, prerelease: prerelease, build: build)
        return VersionSpelling(version: version.displayDescription, note: "'\(written)' is not a SemVer version, so it is read as \(version.displayDescription)")
    }

    /// Whether `text` starts as a version does: an optional `v`, digits, a dot, a digit.
    private static func isVersion(_ text: Substring) -> Bool {
        var rest = text
        if rest.first == "v" || rest.first == "V" { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let after = rest.dropFirst(digits.count)
        return !digits.isEmpty && after.first == "." && after.dropFirst().first.map { $0.isASCII && $0.isNumber } == true
    }

    private static func dotCount(_ text: Substring) -> Int {
        text.prefix { $0 != "-" && $0 != "+" }.count { $0 == "." }
    }

    /// What follows the numbers: a pre-release word and its number (`rc2`, `.beta.22`, `-rc.1`, `a0`), `.dev1`,
    /// `.post1`, or a range's second end (`-v3.45.2`, dropped: the release is the range's first end).
    private static func suffix(_ rest: String, major: Int, minor: Int, patch: Int)
        -> (prerelease: [SemanticVersion.Identifier], build: [String])? {
        var text = Substring(rest.lowercased())
        var prerelease: [SemanticVersion.Identifier] = []
        var build: [String] = []
        while !text.isEmpty {
            while let first = text.first, first == "." || first == "-" || first == "_" { text = text.dropFirst() }
            let word = text.prefix { $0.isLetter }
            text = text.dropFirst(word.count)
            while let first = text.first, first == "." || first == "-" { text = text.dropFirst() }
            let number = text.prefix { $0.isNumber && $0.isASCII }
            text = text.dropFirst(number.count)
            guard !word.isEmpty || !number.isEmpty else { return nil }
            let value = number.isEmpty ? nil : Int(number)
            if !number.isEmpty, value == nil { return nil }
            let name: String
            switch word {
            case "a", "alpha": name = "alpha"
            case "b", "beta": name = "beta"
            case "c", "rc", "pre", "preview": name = word == "c" ? "rc" : String(word)
            case "dev": name = "dev"
            case "post", "r", "rev":
                build += ["post"] + (value.map { [String($0)] } ?? [])
                continue
            case "": name = ""
            case "snapshot", "canary", "nightly", "next", "m", "milestone", "preview.": name = String(word)
            default:
                // Another word (`1.12.x`, a series; `1.2.0-final`) is no pre-release spelling this table knows.
                return nil
            }
            if !name.isEmpty { prerelease.append(.alphanumeric(name)) }
            if let value { prerelease.append(.numeric(value)) }
        }
        return (prerelease, build)
    }
}
