import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewModel

/// Decodes manifests by hand from the YAML tree (not through Codable), so every value keeps its range
/// and every problem is reported where it is. Fragments and `--refs` files merge into one `Manifest`.
///
/// An item with errors is kept: a version, feature, action or image that is a mapping is decoded with
/// every value that could be read, so that the rules still resolve its references (and count them as
/// used) and check its URLs, colors, texts and version. What it lacks is left out of the rules' sight:
/// a missing or unreadable text is `LocalizedText.absent`, a color no location, and an invalid version
/// number leaves `VersionEntry.hasVersion` false. Such a manifest has errors, so nothing renders it.
struct ManifestDecoder {
    static let manifestKeys = ["$schema", "app", "defaults", "images", "primaryActions", "secondaryActions", "stores", "versions", "tips", "tipGroups"]
    static let refsKeys = ["$schema", "images", "primaryActions", "secondaryActions"]

    let engine: DiagnosticEngine
    var manifest = Manifest()
    private var appLocation: SourceLocation?
    private var defaultsLocation: SourceLocation?
    private var storesLocation: SourceLocation?
    private var sawVersionList = false
    /// Where the first input's document starts, for problems of the whole manifest.
    private var firstDocument: SourceLocation?

    init(engine: DiagnosticEngine) {
        self.engine = engine
    }

    /// Adds one input: a manifest (or fragment), a WhatsNewKit JSON document, or an array of them.
    /// `versionsReadAhead` holds its versions if they were decoded while it was parsed.
    mutating func addInput(_ root: YAMLNode, file: SourceFile, versionsReadAhead: VersionsReadAhead? = nil) {
        let context = DecodingContext(file: file, engine: engine)
        manifest.files.append(file)
        if firstDocument == nil { firstDocument = context.location(root) }
        switch root.content {
        case .sequence(let items):
            sawVersionList = true
            for (index, item) in items.enumerated() {
                if let entry = decodeVersion(item, name: "[\(index)]", context: context, whatsNewKit: true) { manifest.versions.append(entry) }
            }
        case .mapping:
            if root["versions"] == nil, root["version"] != nil {
                sawVersionList = true
                if let entry = decodeVersion(root, name: "WhatsNewKit document", context: context, whatsNewKit: true) {
                    manifest.versions.append(entry)
                }
                return
            }
            guard let fields = context.fields(root, of: "manifest", allowed: Self.manifestKeys) else { return }
            decodeTopLevel(fields, context: context, versionsReadAhead: versionsReadAhead)
        case .scalar:
            // That says it all: there is no place for versions.
            sawVersionList = true
            context.typeMismatch(root, expected: "a mapping with 'versions' (or a WhatsNewKit document)", for: file.name)
        }
    }

    /// Adds the registries of a `--refs` file (WhatsNewKit's decoder `userInfo`, on the command line).
    mutating func addReferences(_ root: YAMLNode, file: SourceFile) {
        let context = DecodingContext(file: file, engine: engine)
        manifest.files.append(file)
        guard let fields = context.fields(root, of: "refs", allowed: Self.refsKeys) else { return }
        decodeRegistries(fields, context: context)
    }

    /// Finishes decoding: checks that there are versions at all.
    func finish(firstFile: SourceFile?) -> Manifest {
        if manifest.versions.isEmpty, !sawVersionList {
            var diagnostic = Diagnostic(.error, code: .noVersions, message: "the manifest has no 'versions'; expected a list of at least one version",
                                        file: firstDocument?.file ?? firstFile, range: firstDocument?.range ?? firstFile.map { _ in SourceRange.fileStart },
                                        fix: "add 'versions:' with a '- version: 1.0.0' entry")
            diagnostic.subject = "versions"
            engine.report(diagnostic)
        }
        return manifest
    }

    private mutating func decodeTopLevel(_ fields: Fields, context: DecodingContext, versionsReadAhead: VersionsReadAhead?) {
        if let node = fields["app"] { decodeApp(node, context: context) }
        if let node = fields["defaults"] { decodeDefaults(node, context: context) }
        decodeRegistries(fields, context: context)
        if let node = fields["stores"] { decodeStoresOnce(node, context: context) }
        if let node = fields["tips"] { decodeTips(node, context: context) }
        if let node = fields["tipGroups"] { decodeTipGroups(node, context: context) }
        if let node = fields["versions"] {
            sawVersionList = true
            guard let items = node.sequence else {
                context.typeMismatch(node, expected: "a sequence of versions", for: "versions")
                return
            }
            if items.isEmpty {
                context.error(.noVersions, "'versions' is empty; expected at least one version", at: node)
            }
            if let (entries, findings) = versionsReadAhead?.take(for: items) {
                engine.report(contentsOf: findings)
                // (The decoded array itself for the first input: a 10 MB manifest's versions are 1.4 MB.)
                if manifest.versions.isEmpty { manifest.versions = entries } else { manifest.versions += entries }
                return
            }
            manifest.versions.reserveCapacity(manifest.versions.count + items.count)
            for (index, item) in items.enumerated() {
                if let entry = decodeVersion(item, name: "versions[\(index)]", context: context) { manifest.versions.append(entry) }
            }
        }
    }

    private mutating func decodeApp(_ node: YAMLNode, context: DecodingContext) {
        guard let fields = context.fields(node, of: "app", allowed: ["id", "name", "url", "icon", "repository", "tagPrefix"]) else { return }
        var app = AppInfo()
        app.id = fields["id"].flatMap { context.string($0, for: "app.id") }
        app.name = fields["name"].flatMap { context.string($0, for: "app.name") }
        app.url = fields["url"].flatMap { context.string($0, for: "app.url") }
        app.urlLocation = fields["url"].map { context.location($0) }
        app.icon = fields["icon"].flatMap { decodeImageReference($0, for: "app.icon", context: context) }
        app.repository = fields["repository"].flatMap { context.string($0, for: "app.repository") }
        app.repositoryLocation = fields["repository"].map { context.location($0) }
        app.tagPrefix = fields["tagPrefix"].flatMap { context.string($0, for: "app.tagPrefix") }
        if let existing = manifest.app, let first = appLocation {
            if existing != app {
                context.error(.conflictingDefinition, "'app' is defined again with different content; expected it once",
                              at: node, notes: [Diagnostic.Note("'app' was first defined here", at: first)])
            }
            return
        }
        manifest.app = app
        appLocation = context.location(node)
    }

    private mutating func decodeDefaults(_ node: YAMLNode, context: DecodingContext) {
        let allowed = ["title", "primaryAction", "secondaryAction", "locale", "accentColor", "layout", "tipDisplayFrequency"]
        guard let fields = context.fields(node, of: "defaults", allowed: allowed) else { return }
        if let first = defaultsLocation {
            context.error(.conflictingDefinition, "'defaults' is defined in more than one fragment; expected it once",
                          at: node, notes: [Diagnostic.Note("'defaults' was first defined here", at: first)])
            return
        }
        defaultsLocation = context.location(node)
        var defaults = Defaults()
        defaults.title = fields["title"].flatMap { decodeTitle($0, for: "defaults.title", context: context) }
        defaults.primaryAction = fields["primaryAction"].flatMap { decodePrimaryReference($0, for: "defaults.primaryAction", context: context) }
        defaults.secondaryAction = fields["secondaryAction"].flatMap { decodeSecondaryReference($0, for: "defaults.secondaryAction", context: context) }
        defaults.locale = fields["locale"].flatMap { context.string($0, for: "defaults.locale") }
        defaults.accentColor = fields["accentColor"].flatMap { decodeColor($0, for: "defaults.accentColor", context: context) }
        defaults.layout = fields["layout"].flatMap { decodeLayout($0, for: "defaults.layout", context: context) }
        defaults.tipDisplayFrequency = fields["tipDisplayFrequency"].flatMap {
            context.oneOf($0, for: "defaults.tipDisplayFrequency", as: TipDisplayFrequency.self)
        }
        manifest.defaults = defaults
    }

    /// `stores` may be written in one fragment only, as `defaults` may.
    private mutating func decodeStoresOnce(_ node: YAMLNode, context: DecodingContext) {
        if let first = storesLocation {
            context.error(.conflictingDefinition, "'stores' is defined in more than one fragment; expected it once",
                          at: node, notes: [Diagnostic.Note("'stores' was first defined here", at: first)])
            return
        }
        storesLocation = context.location(node)
        if let stores = decodeStores(node, context: context) { manifest.stores = stores }
    }

    private mutating func decodeRegistries(_ fields: Fields, context: DecodingContext) {
        if let node = fields["images"] {
            let (entries, invalid) = registryEntries(node, of: "images", context: context) {
                decodeImage($1, for: "images.\($0)", context: context)
            }
            Self.merge(entries, invalid: invalid, into: &manifest.images, of: "images", context: context)
        }
        if let node = fields["primaryActions"] {
            let (entries, invalid) = registryEntries(node, of: "primaryActions", context: context) {
                decodePrimaryAction($1, for: "primaryActions.\($0)", context: context)
            }
            Self.merge(entries, invalid: invalid, into: &manifest.primaryActions, of: "primaryActions", context: context)
        }
        if let node = fields["secondaryActions"] {
            let (entries, invalid) = registryEntries(node, of: "secondaryActions", context: context) {
                decodeSecondaryAction($1, for: "secondaryActions.\($0)", context: context)
            }
            Self.merge(entries, invalid: invalid, into: &manifest.secondaryActions, of: "secondaryActions", context: context)
        }
    }

    /// The decoded entries of a registry mapping with their key nodes, and the keys whose definitions were
    /// reported as invalid.
    private func registryEntries<Value>(_ node: YAMLNode, of name: String, context: DecodingContext,
                                        decode: (String, YAMLNode) -> Value?) -> ([(key: String, keyNode: YAMLNode, value: Value)], [String]) {
        guard let pairs = node.mapping else {
            context.typeMismatch(node, expected: "a mapping from keys to definitions", for: name)
            return ([], [])
        }
        var entries: [(key: String, keyNode: YAMLNode, value: Value)] = []
        var invalid: [String] = []
        for pair in pairs {
            guard let key = pair.key.scalar?.text else {
                context.error(.typeMismatch, "expected a string key in '\(name)', found \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            if let value = decode(key, pair.value) { entries.append((key, pair.key, value)) } else { invalid.append(key) }
        }
        return (entries, invalid)
    }

    /// Adds entries to a registry; a key defined again with other content is an error naming both places
    /// (the same content twice, as in fragments that share a definition, is fine).
    private static func merge<Value>(_ entries: [(key: String, keyNode: YAMLNode, value: Value)], invalid: [String],
                                     into registry: inout Registry<Value>, of name: String, context: DecodingContext) {
        for key in invalid { registry.markInvalid(key) }
        for entry in entries {
            guard let existing = registry.add(entry.key, entry.value, at: context.location(entry.keyNode)) else { continue }
            if existing.value != entry.value {
                context.error(.conflictingDefinition,
                              "'\(entry.key)' is defined again in '\(name)' with different content; expected one definition",
                              at: entry.keyNode, notes: [Diagnostic.Note("'\(entry.key)' was first defined here", at: existing.location)])
            }
        }
    }
}
