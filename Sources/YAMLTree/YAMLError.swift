import SourceText

/// A problem found while reading a file: a stable kebab-case code, a message that says what was
/// expected and what was found, and where.
package struct YAMLError: Sendable, Hashable {
    package struct Note: Sendable, Hashable {
        package let message: String
        package let range: SourceRange?

        package init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    package let code: String
    package let message: String
    package let range: SourceRange
    package let notes: [Note]
    /// A suggestion of how to fix it, if there is an obvious one.
    package let fix: String?

    package init(code: String, message: String, range: SourceRange, notes: [Note] = [], fix: String? = nil) {
        self.code = code
        self.message = message
        self.range = range
        self.notes = notes
        self.fix = fix
    }
}

/// Limits that keep hostile input from exhausting time or memory.
package struct YAMLLimits: Sendable, Hashable {
    /// The largest input read, in bytes.
    package var maxInputBytes: Int
    /// The deepest nesting of sequences and mappings.
    package var maxDepth: Int
    /// How many bytes alias expansion may add per input byte, and at least in all (see `aliasBudget`).
    package var aliasExpansionPerByte: Int
    package var aliasExpansionFloor: Int

    /// What one node reached through an alias costs the budget besides its text: a node with no text
    /// (an empty string, an empty list) still costs every stage that walks it, and every output that
    /// writes it some markup.
    package static let aliasNodeBytes = 16

    package init(maxInputBytes: Int = 64 << 20, maxDepth: Int = 256, aliasExpansionPerByte: Int = 4,
                 aliasExpansionFloor: Int = 64 << 10) {
        self.maxInputBytes = maxInputBytes
        self.maxDepth = maxDepth
        self.aliasExpansionPerByte = aliasExpansionPerByte
        self.aliasExpansionFloor = aliasExpansionFloor
    }

    /// The alias expansion budget for an input of `byteCount` bytes, in bytes: what every alias adds up to,
    /// each counting the bytes of the scalars a walk of its anchor's node reaches (aliases in it expanded)
    /// and `aliasNodeBytes` per node. With aliases bounded so, whatever reads the tree reads at most
    /// `byteCount + budget` bytes' worth of it, and every output stays a small multiple of its input.
    package func aliasBudget(forInputOf byteCount: Int) -> Int {
        let (scaled, overflow) = byteCount.multipliedReportingOverflow(by: aliasExpansionPerByte)
        return max(aliasExpansionFloor, overflow ? Int.max : scaled)
    }
}
