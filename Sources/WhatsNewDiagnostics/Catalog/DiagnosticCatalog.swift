/// Every diagnostic code with its severity, its one-paragraph summary and its documentation: the one catalog,
/// generated from docs/diagnostics.md (`DiagnosticCatalog+Entries.swift`, by `make catalog-source`), so the page,
/// `whatsnew explain` and SARIF's rule descriptions say the same. A test fails when a code is reported that the
/// catalog lacks.
package enum DiagnosticCatalog {
    /// One code of the catalog.
    package struct Entry: Sendable {
        package let code: DiagnosticCode
        /// The severity it is reported with (`--strict` makes a warning an error).
        package let severity: Severity
        /// What it means, in one paragraph.
        package let summary: String
        /// What `whatsnew explain CODE` prints after its first line: the summary, an example with what whatsnew prints for it, the fix (no final newline).
        package let documentation: String
    }

    /// The entry of `code`.
    package static func entry(for code: DiagnosticCode) -> Entry {
        byCode[code] ?? Entry(code: code, severity: .error, summary: code.rawValue, documentation: code.rawValue)
    }

    /// The entry of the code spelled `name`, or nil when there is no such code.
    package static func entry(named name: String) -> Entry? {
        DiagnosticCode(rawValue: name).map(entry(for:))
    }

    /// Every entry, in the order of docs/diagnostics.md.
    package static var all: [Entry] { entries }

    /// The summary of the code spelled `name`, for outputs that describe each rule once (SARIF's `rules`).
    package static func shortDescription(of name: String) -> String {
        entry(named: name)?.summary ?? name
    }

    /// The entries by code (the generator makes one entry per case, so the fallback of `entry(for:)` is never taken).
    private static let byCode: [DiagnosticCode: Entry] = Dictionary(entries.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}
