import YAMLTree

/// Keeps every output a small multiple of its input. A text in `defaults` or in a registry entry is written
/// again in each version that uses it, so a short manifest could ask for gigabytes: a title of 80 KB in
/// `defaults` and 2,000 versions without one of their own made 160 MB of Markdown from 175 KB. (YAML aliases
/// are bounded by the parser's alias budget, before this.)
///
/// `compile` measures the text its outputs write before it writes any: the app's name, URL and icon, every
/// version's title, date, features' titles, subtitles and image texts, and its actions' texts, with
/// `itemBytes` for each version and feature (their markup). More than `bytesPerInputByte` per input byte (at
/// least `floor` in all) is an error at the version that crosses it. Each output writes each text a bounded
/// number of times, escaped, so every output is then within a fixed multiple of its input (a test holds them
/// to it).
enum OutputBudget {
    static let bytesPerInputByte = 8
    static let floor = 1 << 20
    static let itemBytes = 16

    /// The text budget for inputs of `inputBytes` bytes in all.
    static func budget(forInputOf inputBytes: Int) -> Int {
        let (scaled, overflow) = inputBytes.multipliedReportingOverflow(by: bytesPerInputByte)
        return max(floor, overflow ? Int.max : scaled)
    }

    /// The `output-budget-exceeded` error for `notes`, resolved from `manifest`, or nil when they are within it.
    /// (A manifest made in code rather than read has no input to measure against, and is not checked.)
    static func problem(_ notes: ReleaseNotes, of manifest: Manifest) -> Diagnostic? {
        guard manifest.inputByteCount > 0 else { return nil }
        let budget = budget(forInputOf: manifest.inputByteCount)
        var total = (notes.appName?.utf8.count ?? 0) + (notes.appURL?.utf8.count ?? 0)
        if let icon = notes.appIcon { total += icon.alt.utf8.count + byteCount(of: icon.kind) }
        for version in notes.versions {
            total += byteCount(of: version)
            guard total > budget else { continue }
            let location = manifest.entry(for: version.version)?.versionLocation
            return Diagnostic(
                .error, code: "output-budget-exceeded",
                message: "the notes, newest first, repeat their texts to more than \(budget) bytes by version \(version.displayVersion); "
                    + "expected at most \(bytesPerInputByte) per input byte (at least \(floor) in all)",
                file: location?.file, range: location?.range,
                fix: "a text in 'defaults' or in a registry entry is written again in every version that uses it; shorten it, "
                    + "or give the versions texts of their own")
        }
        return nil
    }

    private static func byteCount(of version: ReleaseNotes.Version) -> Int {
        var bytes = itemBytes + version.displayVersion.utf8.count + version.title.utf8.count + (version.date?.utf8.count ?? 0)
        for feature in version.features {
            bytes += itemBytes + feature.title.utf8.count + feature.subtitle.utf8.count + (feature.id?.utf8.count ?? 0)
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
