import SourceText

/// Collects the problems of a run, applies `--strict`, and counts errors and warnings.
///
/// It keeps at most `limit` diagnostics — the first ones in file, line and column order, which are the ones
/// printed — and only counts the rest, so a manifest with a million problems costs the memory of the ones
/// shown and, for a problem that two layers may both find (a code `LayerAgreement` pairs), 16 bytes for its
/// place, severity and code, which `report(_:except:)` needs to recognise it. A diagnostic past the limit is
/// dropped after one comparison. The counts (`errorCount`, `warningCount`, `summary`) are always exact;
/// `omitted` says how many were not kept.
public final class DiagnosticEngine {
    /// How many diagnostics an engine keeps unless told otherwise (`--max-diagnostics`).
    public static let defaultLimit = 1000

    /// When set, warnings are reported as errors.
    public var strict: Bool
    /// How many diagnostics are kept; nil keeps every one.
    public let limit: Int?
    /// The kept diagnostics, in no order; up to twice `limit` before `prune` cuts them to the first `limit`.
    private var kept: [Kept] = []
    /// Once pruned, the order key of the last diagnostic kept: one that sorts after it is only counted.
    private var threshold: OrderKey?
    /// The place, severity and code of every diagnostic that has a place and a code `LayerAgreement` pairs, in
    /// the order they were reported (the others are only counted).
    private var places: [Place] = []
    /// The subjects of the places that have one (`Diagnostic.subject`), by their index in `places`.
    private var subjects: [Int: String] = [:]
    /// How many diagnostics were reported (the next one's sequence number).
    private var reported = 0
    /// The last code `pairingNumber(of:)` was asked about, and its answer.
    private var lastPairing: (code: DiagnosticCode, number: UInt16?)?
    public private(set) var errorCount = 0
    public private(set) var warningCount = 0
    private(set) var noteCount = 0

    public init(strict: Bool = false, limit: Int? = DiagnosticEngine.defaultLimit) {
        self.strict = strict
        self.limit = limit.map { max(1, $0) }
    }

    public func report(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if strict, diagnostic.severity == .warning { diagnostic.severity = .error }
        count(diagnostic.severity)
        remember(diagnostic)
        keep(diagnostic)
    }

    /// Reports the diagnostic `make` builds, calling `make` only when the diagnostic will be kept (see
    /// `keeps(file:at:)`): one that is not is counted, and its place remembered, exactly as `report(_:)`
    /// would count and remember it, and is never built. `severity`, `code`, `file`, `start` and `subject`
    /// are those of the diagnostic `make` returns (its `range.start` is `start`). For reporters on hot paths:
    /// a manifest with a million problems builds the messages, notes and fixes of the ones kept only.
    package func report(_ severity: Severity, code: DiagnosticCode, file: SourceFile?, at start: Mark?, subject: String? = nil,
                        _ make: () -> Diagnostic) {
        // The file's name and identity, read once: the file table holds files weakly, which puts every count of a
        // reference to a file on the runtime's slow path, and this path runs once per problem.
        let fileName = file?.name ?? ""
        let fileIdentity = file.map { ObjectIdentifier($0) }
        guard !keeps(fileName: fileName, at: start) else {
            let diagnostic = make()
            assert(diagnostic.severity == severity && diagnostic.kind == code && diagnostic.file === file
                   && diagnostic.range?.start == start && diagnostic.subject == subject, "the diagnostic is not the one announced")
            report(diagnostic)
            return
        }
        let severity = strict && severity == .warning ? Severity.error : severity
        count(severity)
        if let fileIdentity, let start, let number = pairingNumber(of: code) {
            remember(Place(key: PlaceKey(file: fileIdentity, offset: UInt32(clamping: start.offset)), severity: severity, code: number),
                     subject: subject)
        }
        reported += 1
    }

    /// Whether a diagnostic at `start` of `file` reported now would be kept: every one while fewer than twice
    /// `limit` are kept, then (once they were cut to the first `limit`) only one that comes before the last of them.
    package func keeps(file: SourceFile?, at start: Mark?) -> Bool {
        keeps(fileName: file?.name ?? "", at: start)
    }

    /// `keeps(file:at:)` by the file's name.
    private func keeps(fileName: String, at start: Mark?) -> Bool {
        guard let threshold else { return true }
        return OrderKey(fileName: fileName, start: start, sequence: reported) < threshold
    }

    /// `LayerAgreement.number(of:)`, remembered for the last code asked about: the diagnostics only counted
    /// are mostly of a few codes, and a code is otherwise found by hashing its name.
    private func pairingNumber(of code: DiagnosticCode) -> UInt16? {
        if let lastPairing, lastPairing.code == code { return lastPairing.number }
        let number = LayerAgreement.number(of: code)
        lastPairing = (code, number)
        return number
    }

    /// Records the place of `diagnostic` when another layer may report the same problem.
    private func remember(_ diagnostic: Diagnostic) {
        guard let place = Place(of: diagnostic) else { return }
        remember(place, subject: diagnostic.subject)
    }

    private func remember(_ place: Place, subject: String?) {
        if let subject { subjects[places.count] = subject }
        places.append(place)
    }

    public func report(contentsOf diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { report(diagnostic) }
    }

    /// Reports what another engine found: its kept diagnostics, and the counts of the ones it did not keep.
    package func report(contentsOf findings: Findings) {
        report(findings, except: { _, _ in false })
    }

    /// Reports each of `findings` but those `isReported` says were reported already (see `LayerAgreement`:
    /// two layers finding one problem report it once). Exact also for the findings neither engine kept,
    /// through their places. Without `rememberingPlaces` (for the run's own engine, whose findings no other
    /// layer is compared with), their places are counted and not kept.
    package func report(_ findings: Findings, except isReported: (_ place: Place, _ subject: String?) -> Bool, rememberingPlaces: Bool = true) {
        for (index, place) in findings.places.enumerated() {
            let subject = findings.subjects[index]
            guard !isReported(place, subject) else { continue }
            let severity = strict && place.severity == .warning ? Severity.error : place.severity
            count(severity)
            guard rememberingPlaces else { continue }
            if let subject { subjects[places.count] = subject }
            places.append(Place(key: place.key, severity: severity, code: place.code))
        }
        let unplaced = findings.unplaced
        errorCount += unplaced.errors + (strict ? unplaced.warnings : 0)
        warningCount += strict ? 0 : unplaced.warnings
        noteCount += unplaced.notes
        for diagnostic in findings.kept {
            if let place = Place(of: diagnostic), isReported(place, diagnostic.subject) { continue }
            var diagnostic = diagnostic
            if strict, diagnostic.severity == .warning { diagnostic.severity = .error }
            keep(diagnostic)
        }
    }

    /// What this engine found, to report to another one: an engine of a part of the work (a thread, a rule)
    /// keeps as many as the one it reports to, and leaves `--strict` to that one.
    package var findings: Findings {
        var unplaced = Findings.Counts()
        var placed = Findings.Counts()
        for place in places { placed.add(place.severity) }
        unplaced.errors = errorCount - placed.errors
        unplaced.warnings = warningCount - placed.warnings
        unplaced.notes = noteCount - placed.notes
        return Findings(kept: diagnostics, places: places, subjects: subjects, unplaced: unplaced)
    }

    /// A moment in the engine's history, to act on what was reported after it.
    package var checkpoint: Checkpoint { Checkpoint(reported: reported, places: places.count) }

    /// Sets the JSON Pointer of every kept diagnostic reported since `start` that has none.
    package func fillPaths(since start: Checkpoint, _ pointer: (Diagnostic) -> String?) {
        for index in kept.indices where kept[index].order.sequence >= start.reported && kept[index].diagnostic.path == nil {
            kept[index].diagnostic.path = pointer(kept[index].diagnostic)
        }
    }

    public var hasErrors: Bool { errorCount > 0 }

    /// The kept diagnostics, sorted by file, line and column (ties keep the order they were reported in).
    public var diagnostics: [Diagnostic] {
        var sorted = kept.sorted { $0.order < $1.order }
        if let limit, sorted.count > limit { sorted.removeSubrange(limit...) }
        return sorted.map(\.diagnostic)
    }

    /// How many diagnostics were found but not kept; nil when every one was.
    package var omitted: OmittedDiagnostics? {
        let shown = diagnostics
        var omitted = OmittedDiagnostics(limit: limit)
        omitted.errors = errorCount - shown.count { $0.severity == .error }
        omitted.warnings = warningCount - shown.count { $0.severity == .warning }
        omitted.notes = noteCount - shown.count { $0.severity == .note }
        return omitted.isEmpty ? nil : omitted
    }

    /// "2 errors and 1 warning", or nil when there is nothing to say.
    public var summary: String? {
        let errors = errorCount, warnings = warningCount
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    private func count(_ severity: Severity) {
        switch severity {
        case .error: errorCount += 1
        case .warning: warningCount += 1
        case .note: noteCount += 1
        }
    }

    /// Keeps a diagnostic unless `limit` others come before it; the count was taken already.
    private func keep(_ diagnostic: Diagnostic) {
        let order = OrderKey(of: diagnostic, sequence: reported)
        reported += 1
        guard let limit else {
            kept.append(Kept(diagnostic: diagnostic, order: order))
            return
        }
        if let threshold, !(order < threshold) { return }
        kept.append(Kept(diagnostic: diagnostic, order: order))
        if kept.count >= 2 * limit { prune(to: limit) }
    }

    /// Cuts the kept diagnostics to the first `limit` in order (amortized: once per `limit` kept).
    private func prune(to limit: Int) {
        kept.sort { $0.order < $1.order }
        kept.removeSubrange(limit...)
        threshold = kept.last?.order
    }
}

extension DiagnosticEngine {
    /// A moment in an engine's history (see `checkpoint`).
    package struct Checkpoint {
        package let reported: Int
        package let places: Int
    }

    /// What an engine found, handed to another one (perhaps from another thread): the diagnostics it kept,
    /// the place and severity of every one it found, and the counts of those without a place.
    package struct Findings: Sendable {
        struct Counts: Sendable {
            var errors = 0, warnings = 0, notes = 0

            mutating func add(_ severity: Severity) {
                switch severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .note: notes += 1
                }
            }
        }

        package let kept: [Diagnostic]
        package let places: [Place]
        /// The subjects of `places`, by index.
        let subjects: [Int: String]
        /// The counts of the diagnostics without a place in `places`.
        let unplaced: Counts
    }

    /// Where a diagnostic is: its file and start offset.
    package struct PlaceKey: Hashable, Sendable {
        package let file: ObjectIdentifier
        package let offset: UInt32
    }

    /// A diagnostic's place, severity and code: all that is remembered of one that was not kept, and all that
    /// `LayerAgreement` compares (with the key a missing key is about, kept beside it). 16 bytes: a manifest
    /// may have a million problems, each found by both layers.
    package struct Place: Sendable {
        package let key: PlaceKey
        package let severity: Severity
        /// The code's number among `LayerAgreement.codes`.
        package let code: UInt16

        package init(key: PlaceKey, severity: Severity, code: UInt16) {
            self.key = key
            self.severity = severity
            self.code = code
        }

        /// The place of `diagnostic`; nil when it has none, or a code `LayerAgreement` does not pair.
        package init?(of diagnostic: Diagnostic) {
            guard let file = diagnostic.file, let range = diagnostic.range, let code = LayerAgreement.number(of: diagnostic.kind) else { return nil }
            key = PlaceKey(file: ObjectIdentifier(file), offset: UInt32(clamping: range.start.offset))
            severity = diagnostic.severity
            self.code = code
        }
    }

    /// The order diagnostics are printed in: file name, line, column, then the order they were reported in.
    struct OrderKey: Comparable {
        let file: String
        let line: Int
        let column: Int
        let sequence: Int

        init(of diagnostic: Diagnostic, sequence: Int) {
            self.init(file: diagnostic.file, start: diagnostic.range?.start, sequence: sequence)
        }

        init(file: SourceFile?, start: Mark?, sequence: Int) {
            self.init(fileName: file?.name ?? "", start: start, sequence: sequence)
        }

        init(fileName: String, start: Mark?, sequence: Int) {
            file = fileName
            line = start?.line ?? 0
            column = start?.column ?? 0
            self.sequence = sequence
        }

        static func < (a: OrderKey, b: OrderKey) -> Bool {
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            return a.sequence < b.sequence
        }
    }

    private struct Kept {
        var diagnostic: Diagnostic
        let order: OrderKey
    }
}

/// How many diagnostics of each severity an engine (or an output with limits of its own) did not show.
package struct OmittedDiagnostics: Sendable, Hashable {
    package var errors = 0
    package var warnings = 0
    package var notes = 0
    /// The engine's limit (`--max-diagnostics`), when it had one.
    package var limit: Int?

    package init(errors: Int = 0, warnings: Int = 0, notes: Int = 0, limit: Int? = nil) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.limit = limit
    }

    package var isEmpty: Bool { errors == 0 && warnings == 0 && notes == 0 }

    /// The stable code of the closing note every format ends with when diagnostics were omitted.
    package static let code = DiagnosticCode.tooManyDiagnostics

    /// "999000 more errors and 2 more warnings".
    package var counts: String {
        var parts: [String] = []
        for (count, noun) in [(errors, "error"), (warnings, "warning"), (notes, "note")] where count > 0 {
            parts.append("\(count) more \(noun)\(count == 1 ? "" : "s")")
        }
        return parts.joined(separator: " and ")
    }

    /// The closing line's message: how many more there were, and why they are not shown.
    package var message: String {
        if let limit { return "\(counts) not shown; expected at most \(limit) diagnostics (--max-diagnostics)" }
        return "\(counts) not shown"
    }

    /// What to do about it.
    package var fix: String {
        "fix the ones shown and run again, or show more with --max-diagnostics N (0 shows every one)"
    }

    /// The closing note as a diagnostic without a place.
    package var note: Diagnostic {
        Diagnostic(.note, code: Self.code, message: message, fix: fix)
    }

    /// These and `other` together, keeping this one's limit.
    package func adding(_ other: OmittedDiagnostics) -> OmittedDiagnostics {
        OmittedDiagnostics(errors: errors + other.errors, warnings: warnings + other.warnings, notes: notes + other.notes,
                           limit: limit ?? other.limit)
    }
}
