import SourceText
import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

extension OutputChecks {
    /// A written appcast's items need each version's `build` for `sparkle:version`: an error for each `entries`
    /// (the selected versions') without one.
    package static func appcastBuilds(_ entries: [VersionEntry], engine: DiagnosticEngine) {
        for entry in entries where entry.build == nil {
            engine.report(Diagnostic(.error, code: .missingBuild,
                                     message: "\(entry.name) has no 'build', which its appcast item needs for 'sparkle:version': Sparkle compares it with the app's CFBundleVersion to find updates",
                                     at: entry.versionLocation ?? entry.location,
                                     fix: "add 'build:' with the version's CFBundleVersion (e.g. 'build: 1234'), or leave the version out with --since or --release"))
        }
    }

    /// `--into`: the appcast must be valid XML with items, and filled must fit in what is left of `budget` (which it
    /// then spends); a selected version that no item is for is a warning at that version. The filled appcast (the
    /// filler parses and fills in one pass, and measures as it fills), or nil when that is an error.
    static func filledAppcast(_ appcast: AppcastInput, notes: ReleaseNotes, entries: [VersionEntry],
                                      budget: inout OutputBudget, engine: DiagnosticEngine) -> AppcastFiller.Filled? {
        let filled: AppcastFiller.Filled
        do {
            filled = try AppcastFiller.fill(appcast.bytes, with: notes, budget: budget.remaining)
        } catch {
            let file = SourceFile(name: appcast.path, contents: appcast.bytes)
            let range = error.line > 0 ? SourceRange(at: file.mark(line: error.line, scalarColumn: max(0, error.column - 1))) : nil
            engine.report(Diagnostic(.error, code: error.isUnavailable ? .xmlUnavailable : .invalidAppcast,
                                     message: error.isUnavailable ? "cannot read the appcast: \(error.message)" : "invalid appcast: \(error.message)",
                                     file: error.isUnavailable ? nil : file, range: range))
            return nil
        }
        if let over = filled.overBudget {
            let file = SourceFile(name: appcast.path, contents: appcast.bytes)
            engine.report(Diagnostic(.error, code: .outputBudgetExceeded,
                                     message: "filling '\(appcast.path)' writes a version's notes into every item for it, and with the run's other outputs "
                                         + "comes to more than \(budget.limit) bytes at this item, after \(over.filledItems) filled; expected at most "
                                         + "\(OutputBudget.bytesPerInputByte) per input byte (at least \(OutputBudget.floor) in all)",
                                     file: file, range: SourceRange(at: file.mark(atOffset: over.item.startTag.lowerBound)),
                                     fix: "remove the items that repeat a version, or leave versions out with --release or --since"))
            return nil
        }
        _ = budget.spend(filled.bytes.count)
        let locations = Dictionary(entries.map { ($0.version, $0.versionLocation ?? $0.location) }, uniquingKeysWith: { first, _ in first })
        for version in filled.versionsWithoutItem {
            engine.report(Diagnostic(.warning, code: .appcastNoItem,
                                     message: "version \(version.displayVersion) has no item in '\(appcast.path)': no item's sparkle:shortVersionString\(version.build.map { " or sparkle:version ('\($0)')" } ?? "") names it, so its notes are not written there",
                                     at: locations[version.version] ?? nil,
                                     fix: "add its item with generate_appcast first, or leave the version out with --release or --since"))
        }
        return filled
    }
}
