import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewModel

/// The one thing the reading stage does for speed alone: the items of a manifest's top-level `versions`
/// are decoded while libyaml still reads the rest of the text (`YAMLItemObserver`), in the time the thread
/// that builds the tree would otherwise spend waiting for libyaml's thread. The items are decoded exactly as
/// `ManifestDecoder` decodes them from the finished tree (by the same function), nothing is dropped from the
/// tree, and the decoded entries are used only when the finished tree's `versions` holds the very items that
/// were handed over (a `<<` merge can make it hold others; then the tree is decoded as usual).
///
/// Only the thread that parses the input and then decodes it touches it, which is why it is marked
/// `@unchecked Sendable` (the schema's thread gets the same `LoadedInput` and never reads it).
final class VersionsReadAhead: @unchecked Sendable {
    /// What decoding the items found.
    private let findings: DiagnosticEngine
    /// One decoder and context for every item (a decoder holds a manifest of its own).
    private let decoder: ManifestDecoder
    private let context: DecodingContext
    /// The items' entries, in order (an item that is not a mapping has none).
    private var entries: [VersionEntry] = []
    /// Where each item starts and ends, to recognise them in the finished tree.
    private var places: [(start: Int, end: Int)] = []

    init(file: SourceFile, keeping limit: Int?) {
        findings = DiagnosticEngine(limit: limit)
        decoder = ManifestDecoder(engine: findings)
        context = DecodingContext(file: file, engine: findings)
    }

    /// The observer to give the parser.
    var observer: YAMLItemObserver {
        // The decoder and the context are captured as they are: read through `self`, each was copied for every
        // item (a million items of `versions` each an error spent a tenth of their instructions on the decoder,
        // and the context's copy counts a reference on the file, which the file table puts on the slow path).
        let decoder = decoder
        let context = context
        return YAMLItemObserver(key: "versions") { [unowned self] item, index in
            // Items arrive in order, one each (`index` is the item's place in the sequence).
            guard index == places.count else { return }
            places.append((item.startOffset, item.endOffset))
            if let entry = decoder.decodeVersion(item, name: "versions[\(index)]", context: context) {
                entries.append(entry)
            }
        }
    }

    /// The decoded entries and what decoding them found, when `items` (the finished tree's `versions`) are
    /// the items that were handed over; nil otherwise (then they must be decoded from the tree).
    func take(for items: YAMLSequence) -> (entries: [VersionEntry], findings: DiagnosticEngine.Findings)? {
        guard items.count == places.count,
              zip(items, places).allSatisfy({ $0.startOffset == $1.start && $0.endOffset == $1.end }) else { return nil }
        defer { entries = [] }
        return (entries, findings.findings)
    }
}
