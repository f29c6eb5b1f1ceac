/// A problem found while reading a file: a stable kebab-case code, a message that says what was
/// expected and what was found, and where.
public struct YAMLError: Sendable, Hashable {
    public struct Note: Sendable, Hashable {
        public let message: String
        public let range: SourceRange?

        public init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    public let code: String
    public let message: String
    public let range: SourceRange
    public let notes: [Note]
    /// A suggestion of how to fix it, if there is an obvious one.
    public let fix: String?

    public init(code: String, message: String, range: SourceRange, notes: [Note] = [], fix: String? = nil) {
        self.code = code
        self.message = message
        self.range = range
        self.notes = notes
        self.fix = fix
    }
}

/// Limits that keep hostile input from exhausting time or memory.
public struct YAMLLimits: Sendable, Hashable {
    /// The largest input read, in bytes.
    public var maxInputBytes: Int
    /// The deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// How many nodes alias expansion may add per input byte (with a floor for small inputs).
    public var aliasExpansionPerByte: Int
    public var aliasExpansionFloor: Int

    public init(maxInputBytes: Int = 64 << 20, maxDepth: Int = 256, aliasExpansionPerByte: Int = 1,
                aliasExpansionFloor: Int = 100_000) {
        self.maxInputBytes = maxInputBytes
        self.maxDepth = maxDepth
        self.aliasExpansionPerByte = aliasExpansionPerByte
        self.aliasExpansionFloor = aliasExpansionFloor
    }

    /// The alias expansion budget for an input of `byteCount` bytes, in nodes.
    public func aliasBudget(forInputOf byteCount: Int) -> Int {
        let (scaled, overflow) = byteCount.multipliedReportingOverflow(by: aliasExpansionPerByte)
        return max(aliasExpansionFloor, overflow ? Int.max : scaled)
    }
}
