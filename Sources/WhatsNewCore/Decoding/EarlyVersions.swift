import YAMLTree

/// The versions of one input decoded while it is still being parsed: the parser hands over each item of
/// the top-level `versions` as soon as it is read (see `YAMLItemObserver`), and it is decoded at once, on
/// the parsing thread's caller, while libyaml reads on.
///
/// Decoding is the longest step after parsing, and the thread that builds the tree waits for libyaml about
/// half of the time: decoding in those gaps takes it off the time after parsing. What is decoded here is
/// exactly what `ManifestDecoder` would decode from the finished tree, with its diagnostics kept apart, and
/// it is used only when the finished tree's `versions` holds the very items that were handed over.
///
/// With `checksSchema`, each item is also checked against the built-in schema (see `SchemaItemCheck`),
/// and the parser drops the item's nodes once both are done: nothing else needs them, and the tree then
/// holds one version at a time instead of all.
///
/// Only the thread that parses and then decodes the input touches it (`LoadedInput.forAnotherThread` leaves
/// it behind), which is why it is marked `@unchecked Sendable`.
final class EarlyVersions: @unchecked Sendable {
    private let file: SourceFile
    private let findings: DiagnosticEngine
    private let checksSchema: Bool
    /// The items that decoded (an item with errors has none), in order.
    private var entries: [VersionEntry] = []
    /// Where each item was, to recognise them in the finished tree.
    private var itemRanges: [SourceRange] = []
    /// Made when the first item comes: the built-in schema is compiled meanwhile, on a thread of its own.
    private var schemaCheck: SchemaItemCheck?

    init(file: SourceFile, checksSchema: Bool = false, keeping limit: Int? = DiagnosticEngine.defaultLimit) {
        self.file = file
        self.findings = DiagnosticEngine(limit: limit)
        self.checksSchema = checksSchema
    }

    /// The observer to give the parser.
    var observer: YAMLItemObserver {
        YAMLItemObserver(key: "versions", dropsItems: checksSchema) { [unowned self] item, index in
            // Items arrive in order, one each (`index` is the item's place in the sequence).
            guard index == itemRanges.count else { return }
            itemRanges.append(item.range)
            if checksSchema {
                if index == 0 { schemaCheck = SchemaItemCheck(.builtin) }
                schemaCheck?.check(item, at: index)
            }
            let context = DecodingContext(file: file, engine: findings)
            if let entry = ManifestDecoder(engine: findings).decodeVersion(item, name: "versions[\(index)]", context: context) {
                entries.append(entry)
            }
        }
    }

    /// What checking the items against the schema found, when they were checked.
    var checkedItems: SchemaCheckedItems? { schemaCheck?.result }

    /// Whether the finished tree `root` has the items that were handed over as its `versions`.
    func match(_ root: YAMLNode?) -> Bool {
        guard let items = root?["versions"]?.sequence else { return false }
        return match(items)
    }

    /// Whether `items` (the finished tree's `versions`) are the items that were handed over.
    func match(_ items: YAMLSequence) -> Bool {
        items.count == itemRanges.count && zip(items, itemRanges).allSatisfy { $0.range == $1 }
    }

    /// The decoded versions and what decoding them found, when `items` (the finished tree's `versions`) are
    /// the items that were decoded; nil otherwise (then they must be decoded from the tree).
    func take(for items: YAMLSequence) -> (entries: [VersionEntry], diagnostics: DiagnosticEngine.Findings)? {
        guard match(items) else { return nil }
        defer { entries = [] }
        return (entries, findings.findings)
    }
}
