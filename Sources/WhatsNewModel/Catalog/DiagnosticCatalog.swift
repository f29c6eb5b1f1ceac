import WhatsNewDiagnostics

/// Every diagnostic code with its severity, its one-paragraph summary and its documentation: the one catalog,
/// generated from docs/diagnostics.md (`DiagnosticCatalog+Entries.swift`, by `make catalog-source`), so the page,
/// `whatsnew explain` and SARIF's rule descriptions say the same. A test fails when a code is reported that the
/// catalog lacks.
package enum DiagnosticCatalog {
    /// One code of the catalog.
    package struct Entry: Sendable {
        package let code: String
        /// The severity it is reported with (`--strict` makes a warning an error).
        package let severity: Severity
        /// What it means, in one paragraph.
        package let summary: String
        /// What `whatsnew explain CODE` prints after its first line: the summary, an example with what whatsnew prints for it, the fix (no final newline).
        package let documentation: String
    }

    /// The entry of `code`, or nil when the catalog has none.
    package static func entry(for code: String) -> Entry? {
        byCode[code]
    }

    /// Every entry, in the order of docs/diagnostics.md.
    package static var all: [Entry] { entries }

    /// The summary of `code`, for outputs that describe each rule once (SARIF's `rules`); the code itself for a
    /// code the catalog lacks (which a test keeps from happening).
    package static func shortDescription(of code: String) -> String {
        entry(for: code)?.summary ?? code
    }

    private static let byCode: [String: Entry] = Dictionary(entries.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}
