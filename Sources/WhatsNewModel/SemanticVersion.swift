/// A version by SemVer 2.0: `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`, an optional leading `v`,
/// missing minor and patch read as 0. Build metadata is kept for display and ignored in comparisons.
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package enum Identifier: Sendable, Hashable, Comparable, CustomStringConvertible {
        case numeric(Int)
        case alphanumeric(String)

        /// Numeric identifiers sort before alphanumeric ones; numbers numerically, text in ASCII order.
        package static func < (lhs: Identifier, rhs: Identifier) -> Bool {
            switch (lhs, rhs) {
            case (.numeric(let a), .numeric(let b)): return a < b
            case (.numeric, .alphanumeric): return true
            case (.alphanumeric, .numeric): return false
            case (.alphanumeric(let a), .alphanumeric(let b)): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
            }
        }

        package var description: String {
            switch self {
            case .numeric(let value): return String(value)
            case .alphanumeric(let text): return text
            }
        }
    }

    public let major: Int
    public let minor: Int
    public let patch: Int
    package let prerelease: [Identifier]
    public let build: [String]

    /// The release `major.minor.patch`, with no pre-release or build identifiers.
    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.init(major: major, minor: minor, patch: patch, prerelease: [])
    }

    package init(major: Int, minor: Int = 0, patch: Int = 0, prerelease: [Identifier], build: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    /// The canonical form, `M.m.p[-pre]`, without build metadata.
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.map(\.description).joined(separator: ".") }
        return text
    }

    /// The canonical form with build metadata, for display.
    public var displayDescription: String {
        build.isEmpty ? description : description + "+" + build.joined(separator: ".")
    }

    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// `major.minor.0`, the release a patch version falls back to.
    public var minorRelease: SemanticVersion { SemanticVersion(major: major, minor: minor) }

    /// SemVer precedence: build metadata is ignored, a pre-release sorts before its release.
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
        if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): return lhs.prerelease.lexicographicallyPrecedes(rhs.prerelease)
        }
    }

    /// Equality by precedence: build metadata is ignored.
    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        lhs.major == rhs.major && lhs.minor == rhs.minor && lhs.patch == rhs.patch && lhs.prerelease == rhs.prerelease
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }
}

extension SemanticVersion {
    /// Why a text is not a version.
    package struct ParseError: Error, Sendable, Hashable {
        /// What is wrong, e.g. "'01' has a leading zero".
        package let reason: String
    }

    /// Parses the strict syntax, or says what is wrong.
    package static func parse(_ text: String) -> Result<SemanticVersion, ParseError> {
        // Byte by byte: every character the syntax allows is ASCII, and a version is parsed for every
        // entry of a manifest.
        if text.isEmpty { return .failure(ParseError(reason: "it is empty")) }
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return .failure(ParseError(reason: "it is only white space")) }
        var rest = Substring(text)
        if rest.first == "v" { rest = rest.dropFirst() }
        if rest.isEmpty { return .failure(ParseError(reason: "no number follows the 'v'")) }
        var build: [String] = []
        if let plus = rest.utf8.firstIndex(of: UInt8(ascii: "+")) {
            let metadata = rest[rest.index(after: plus)...]
            rest = rest[..<plus]
            let identifiers = dotSeparated(metadata)
            for identifier in identifiers where identifier.isEmpty || !identifier.utf8.allSatisfy(isIdentifierByte) {
                return .failure(ParseError(reason: "build metadata '\(metadata)' must be dot-separated [0-9A-Za-z-] identifiers"))
            }
            build = identifiers.map(String.init)
        }
        var prerelease: [Identifier] = []
        if let dash = rest.utf8.firstIndex(of: UInt8(ascii: "-")) {
            let tail = rest[rest.index(after: dash)...]
            rest = rest[..<dash]
            for identifier in dotSeparated(tail) {
                guard !identifier.isEmpty, identifier.utf8.allSatisfy(isIdentifierByte) else {
                    return .failure(ParseError(reason: "pre-release '\(tail)' must be dot-separated [0-9A-Za-z-] identifiers"))
                }
                if identifier.utf8.allSatisfy(isDigitByte) {
                    guard identifier == "0" || identifier.utf8.first != UInt8(ascii: "0") else {
                        return .failure(ParseError(reason: "pre-release identifier '\(identifier)' has a leading zero"))
                    }
                    guard let value = Int(identifier) else {
                        return .failure(ParseError(reason: "pre-release identifier '\(identifier)' is too large"))
                    }
                    prerelease.append(.numeric(value))
                } else {
                    prerelease.append(.alphanumeric(String(identifier)))
                }
            }
        }
        let parts = dotSeparated(rest)
        guard (1...3).contains(parts.count) else {
            return .failure(ParseError(reason: "'\(rest)' has \(parts.count) numbers, not one to three"))
        }
        var numbers = (0, 0, 0)
        for (index, part) in parts.enumerated() {
            guard !part.isEmpty, part.utf8.allSatisfy(isDigitByte) else {
                guard part.isEmpty else { return .failure(ParseError(reason: "'\(part)' is not a number")) }
                let place = parts.count == 1 ? "a number is missing"
                    : index == 0 ? "a number is missing before the first dot"
                    : index == parts.count - 1 ? "a number is missing after the last dot" : "a number is missing between two dots"
                return .failure(ParseError(reason: place))
            }
            guard part == "0" || part.utf8.first != UInt8(ascii: "0") else {
                return .failure(ParseError(reason: "'\(part)' has a leading zero"))
            }
            guard let value = Int(part) else { return .failure(ParseError(reason: "'\(part)' is too large")) }
            switch index {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            default: numbers.2 = value
            }
        }
        return .success(SemanticVersion(major: numbers.0, minor: numbers.1, patch: numbers.2, prerelease: prerelease, build: build))
    }

    /// The pieces of `text` between dots, empty ones included.
    private static func dotSeparated(_ text: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            if text.utf8[index] == UInt8(ascii: ".") {
                pieces.append(text[start..<index])
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        pieces.append(text[start...])
        return pieces
    }

    private static func isDigitByte(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigitByte(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "-")
    }

    /// Parses the strict syntax; nil when the text is not a version.
    public init?(_ text: String) {
        guard case .success(let version) = SemanticVersion.parse(text) else { return nil }
        self = version
    }

    /// How WhatsNewKit reads a version string: split on ".", drop every piece that is not an integer,
    /// shift the rest left, missing parts 0 ("v1.2.3" → 2.3.0, "1.2.3-beta.1" → 1.2.1, "abc" → 0.0.0).
    public static func whatsNewKitReading(of text: String) -> SemanticVersion {
        let numbers = text.split(separator: ".", omittingEmptySubsequences: false).compactMap { Int($0) }
        return SemanticVersion(major: numbers.count > 0 ? numbers[0] : 0,
                               minor: numbers.count > 1 ? numbers[1] : 0,
                               patch: numbers.count > 2 ? numbers[2] : 0)
    }
}
