import YAMLTree

/// Collects every problem of a run, applies `--strict`, and counts errors and warnings.
public final class DiagnosticEngine {
    /// When set, warnings are reported as errors.
    public var strict: Bool
    private var collected: [Diagnostic] = []

    public init(strict: Bool = false) {
        self.strict = strict
    }

    public func report(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if strict, diagnostic.severity == .warning { diagnostic.severity = .error }
        collected.append(diagnostic)
    }

    public func report(contentsOf diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { report(diagnostic) }
    }

    /// How many diagnostics have been reported so far.
    var count: Int { collected.count }

    /// Sets the JSON Pointer of every diagnostic reported since the first `since` that has none.
    func fillPaths(since start: Int, _ pointer: (Diagnostic) -> String?) {
        for index in collected.indices.dropFirst(start) where collected[index].path == nil {
            collected[index].path = pointer(collected[index])
        }
    }

    public var errorCount: Int { collected.count(where: { $0.severity == .error }) }
    public var warningCount: Int { collected.count(where: { $0.severity == .warning }) }
    public var hasErrors: Bool { collected.contains { $0.severity == .error } }

    /// Every diagnostic, sorted by file, line and column (ties keep the order they were reported in).
    public var diagnostics: [Diagnostic] {
        collected.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            let fileA = a.file?.name ?? "", fileB = b.file?.name ?? ""
            if fileA != fileB { return fileA < fileB }
            let startA = a.range?.start ?? Mark(line: 0, column: 0, offset: 0)
            let startB = b.range?.start ?? Mark(line: 0, column: 0, offset: 0)
            if startA.line != startB.line { return startA.line < startB.line }
            if startA.column != startB.column { return startA.column < startB.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// "2 errors and 1 warning", or nil when there is nothing to say.
    public var summary: String? {
        let errors = errorCount, warnings = warningCount
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }
}
