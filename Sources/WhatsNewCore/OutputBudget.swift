import YAMLTree
import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

/// Keeps a run's outputs, all of them together, a small multiple of its inputs. A text in `defaults` or in a
/// registry entry is written again in each version that uses it, so a short manifest could ask for gigabytes:
/// a title of 80 KB in `defaults` and 2,000 versions without one of their own made 160 MB of Markdown from
/// 175 KB. The run multiplies that again: `--locale all` writes the notes once per locale (40,000 locales of
/// one short title each made 40,000 files of every version), and `--into` writes a version's notes into every
/// appcast item for it. (YAML aliases are bounded by the parser's alias budget, before this.)
///
/// `compile` measures what its outputs write before it writes any: for the notes, the app's name, URL and
/// icon, every version's title, date, features' titles, subtitles and image texts, and its actions' texts,
/// with `itemBytes` for each version and feature (their markup), once, and again for each locale of
/// `--locale all` (the formats of a run are a few, each writing each text a bounded number of times); the descriptions `--into` puts in the appcast and the bytes it
/// keeps; the files of `--format fastlane`, WhatsNewKit's JSON and a template's output as they are. More than
/// `bytesPerInputByte` per input byte (the manifest's files and the appcast; at least `floor` in all) is an
/// `output-budget-exceeded` error where it is crossed, and nothing is written. Each output writes each text a
/// bounded number of times, escaped, so every run is then within a fixed multiple of its input (a test holds
/// them to it).
struct OutputBudget {
    static let bytesPerInputByte = 8
    static let floor = 1 << 20
    static let itemBytes = 16

    /// The bytes the run may write; `Int.max` for a manifest made in code, which has no input to measure
    /// against and is not checked.
    let limit: Int
    /// The bytes counted so far.
    private(set) var spent = 0

    /// The budget for inputs of `inputBytes` bytes in all (none: not checked).
    init(inputBytes: Int) {
        limit = inputBytes > 0 ? Self.budget(forInputOf: inputBytes) : Int.max
    }

    /// The text budget for inputs of `inputBytes` bytes in all.
    static func budget(forInputOf inputBytes: Int) -> Int {
        let (scaled, overflow) = inputBytes.multipliedReportingOverflow(by: bytesPerInputByte)
        return max(floor, overflow ? Int.max : scaled)
    }

    /// What is left of the budget.
    var remaining: Int { limit - spent }

    /// Counts `bytes` more; false when that passes the limit.
    mutating func spend(_ bytes: Int) -> Bool {
        let (sum, overflow) = spent.addingReportingOverflow(bytes)
        spent = overflow ? Int.max : sum
        return spent <= limit
    }

    /// Counts the texts of `notes`, resolved from `manifest`; the `output-budget-exceeded` error at the version
    /// that passes the limit, or nil. `locale` names the locale of `--locale all` the notes are in.
    mutating func spend(_ notes: ReleaseNotes, of manifest: Manifest, locale: (code: String, index: Int, count: Int)? = nil) -> Diagnostic? {
        var header = (notes.appName?.utf8.count ?? 0) + (notes.appURL?.utf8.count ?? 0)
        if let icon = notes.appIcon { header += icon.alt.utf8.count + Self.byteCount(of: icon.kind) }
        guard spend(header) else { return problem(at: notes.versions.first, of: manifest, locale: locale) }
        for version in notes.versions {
            guard spend(Self.byteCount(of: version)) else { return problem(at: version, of: manifest, locale: locale) }
        }
        return nil
    }

    private func problem(at version: ReleaseNotes.Version?, of manifest: Manifest, locale: (code: String, index: Int, count: Int)?) -> Diagnostic {
        let location = version.flatMap { manifest.entry(for: $0.version)?.versionLocation }?.place
        let which = version.map { " by version \($0.displayVersion)" } ?? ""
        if let locale {
            return Diagnostic(
                .error, code: .outputBudgetExceeded,
                message: "the outputs of --locale all repeat the notes' texts to more than \(limit) bytes\(which) in '\(locale.code)', "
                    + "locale \(locale.index + 1) of \(locale.count); expected at most \(Self.bytesPerInputByte) per input byte (at least \(Self.floor) in all)",
                file: location?.file, range: location?.range,
                fix: "each locale's files write every text again, translated or by its fallback; compile the locales you need one at a time "
                    + "with --locale L, or write fewer locales")
        }
        return Diagnostic(
            .error, code: .outputBudgetExceeded,
            message: "the notes, newest first, repeat their texts to more than \(limit) bytes\(which); "
                + "expected at most \(Self.bytesPerInputByte) per input byte (at least \(Self.floor) in all)",
            file: location?.file, range: location?.range,
            fix: "a text in 'defaults' or in a registry entry is written again in every version that uses it; shorten it, "
                + "or give the versions texts of their own")
    }

    /// Counts `bytes` of an output written as it is (`what` names it); the `output-budget-exceeded` error, or nil.
    mutating func spend(_ bytes: Int, on what: String) -> Diagnostic? {
        guard !spend(bytes) else { return nil }
        return Diagnostic(.error, code: .outputBudgetExceeded,
                          message: "the outputs of the run come to more than \(limit) bytes with \(what); "
                              + "expected at most \(Self.bytesPerInputByte) per input byte (at least \(Self.floor) in all)",
                          fix: "write fewer outputs in one run, or leave versions out with --release or --since")
    }

    private static func byteCount(of version: ReleaseNotes.Version) -> Int {
        var bytes = itemBytes + version.displayVersion.utf8.count + version.title.utf8.count + (version.date?.utf8.count ?? 0)
        for feature in version.features {
            bytes += itemBytes + feature.title.utf8.count + feature.subtitleByteCount + (feature.id?.utf8.count ?? 0)
            bytes += feature.platforms.reduce(0) { $0 + $1.utf8.count }
            if let image = feature.image { bytes += image.alt.utf8.count + byteCount(of: image.kind) }
        }
        bytes += version.primaryAction.title.utf8.count
        if let action = version.secondaryAction {
            bytes += action.title.utf8.count
            switch action.kind {
            case .openURL(let text), .custom(let text): bytes += text.utf8.count
            case .present(let title, let body): bytes += (title?.utf8.count ?? 0) + body.utf8.count
            case .dismiss: break
            }
        }
        return bytes
    }

    private static func byteCount(of kind: ReleaseNotes.Image.Kind) -> Int {
        switch kind {
        case .symbol(let name, let glyph): name.utf8.count + glyph.utf8.count
        case .emoji(let emoji): emoji.utf8.count
        case .file(let path, let resolvedPath): path.utf8.count + resolvedPath.utf8.count
        }
    }
}
