import YAMLTree
import WhatsNewModel

extension ManifestDecoder {
    static let versionKeys = ["version", "date", "build", "title", "features", "primaryAction", "secondaryAction", "layout",
                              "unreleased", "yanked", "tag", "summary"]
    static let featureKeys = ["id", "image", "title", "subtitle", "platforms", "kind", "section"]

    /// A version entry; nil when the node is not a mapping. An entry whose version is missing or invalid is
    /// kept with `hasVersion` false, so that the rest of it is still checked. In a WhatsNewKit document
    /// (`whatsNewKit`), `"secondaryAction": ""` is no secondary action: WhatsNewKit's decoder requires the key,
    /// and finds nothing under a key no one registers (see `WhatsNewKitJSONEmitter`).
    func decodeVersion(_ node: YAMLNode, name: @autoclosure () -> String, context: DecodingContext, whatsNewKit: Bool = false) -> VersionEntry? {
        guard let fields = context.fields(node, of: name(), allowed: Self.versionKeys) else { return nil }
        let (versionNode, dateNode) = (fields["version"], fields["date"])
        var parsed: (SemanticVersion, String)?
        if let versionNode {
            parsed = decodeVersionNumber(versionNode, context: context)
        } else {
            context.missing("version", in: fields, of: name())
        }
        var features: [Feature] = []
        var emptyFeaturesLocation: SourceLocation?
        if let featuresNode = fields["features"] {
            if let items = featuresNode.sequence {
                if items.isEmpty, let keyNode = fields.keyNode("features") {
                    emptyFeaturesLocation = SourceLocation(fileID: context.fileID, from: keyNode, through: featuresNode)
                }
                features.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    if let feature = decodeFeature(item, name: "features[\(index)]", context: context) { features.append(feature) }
                }
            } else {
                context.typeMismatch(featuresNode, expected: "a sequence of features", for: "features")
            }
        } else {
            context.missing("features", in: fields, of: name())
        }
        let date = dateNode.flatMap { decodeDate($0, context: context) }
        let title = fields["title"].flatMap { decodeTitle($0, for: "title", context: context) }
        let primary = fields["primaryAction"].flatMap { decodePrimaryReference($0, for: "primaryAction", context: context) }
        let secondary = fields["secondaryAction"].flatMap { node -> Reference<SecondaryAction>? in
            if whatsNewKit, let scalar = node.scalar, scalar.kind == .string, scalar.text.isEmpty { return nil }
            return decodeSecondaryReference(node, for: "secondaryAction", context: context)
        }
        let layout = fields["layout"].flatMap { decodeLayout($0, for: "layout", context: context) }
        var entry = VersionEntry(version: parsed?.0 ?? SemanticVersion(major: 0), versionText: parsed?.1 ?? name(),
                                 versionLocation: versionNode.map(context.location), date: date, dateLocation: dateNode.map(context.location),
                                 title: title, features: features, primaryAction: primary, secondaryAction: secondary, layout: layout,
                                 location: context.location(node))
        entry.hasVersion = parsed != nil
        entry.emptyFeaturesLocation = emptyFeaturesLocation
        entry.summary = fields["summary"].flatMap { decodeText($0, for: "summary", context: context) }
        entry.build = fields["build"].flatMap { decodeBuild($0, context: context) }
        entry.unreleased = fields["unreleased"].flatMap { context.bool($0, for: "unreleased") } ?? false
        entry.yanked = fields["yanked"].flatMap { context.bool($0, for: "yanked") } ?? false
        entry.tag = fields["tag"].flatMap { node -> String? in
            guard let scalar = node.scalar, scalar.kind == .string else {
                context.typeMismatch(node, expected: "a string (the version's git tag)", for: "tag")
                return nil
            }
            return scalar.text
        }
        return entry
    }

    /// A version by its literal text: `version: 1.10` is "1.10", never the number 1.1.
    func decodeVersionNumber(_ node: YAMLNode, context: DecodingContext) -> (SemanticVersion, String)? {
        guard let scalar = node.scalar, scalar.kind == .string || scalar.isNumber else {
            context.typeMismatch(node, expected: "a version string such as '1.2.0'", for: "version")
            return nil
        }
        switch SemanticVersion.parse(scalar.text) {
        case .success(let version):
            return (version, scalar.text)
        case .failure(let failure):
            // `.inf` and `.nan` are YAML's infinity and not-a-number, not a version with a piece missing.
            let spelled = scalar.text.lowercased().contains("inf") || scalar.text.lowercased().contains("nan")
            let nonFinite = DecodingContext.nonFiniteDescription(scalar).flatMap { spelled ? "YAML reads it as \($0), not as a version" : nil }
            let reason = nonFinite ?? failure.reason
            let fix = scalar.text.isEmpty || nonFinite != nil ? "write the version, e.g. 'version: 1.2.0'" : nil
            context.error(.invalidVersion,
                          "invalid version '\(scalar.text)': \(reason); expected MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD], e.g. '1.2.0'",
                          at: node, fix: fix)
            return nil
        }
    }

    func decodeDate(_ node: YAMLNode, context: DecodingContext) -> String? {
        guard let text = context.string(node, for: "date") else { return nil }
        guard VersionEntry.isISODate(text) else {
            context.error(.invalidDate, "invalid date '\(text)'; expected an ISO 8601 calendar date YYYY-MM-DD, e.g. '2026-11-01'", at: node)
            return nil
        }
        return text
    }

    func decodeFeature(_ node: YAMLNode, name: @autoclosure () -> String, context: DecodingContext) -> Feature? {
        guard let fields = context.fields(node, of: name(), allowed: Self.featureKeys) else { return nil }
        let (titleNode, subtitleNode, idNode) = (fields["title"], fields["subtitle"], fields["id"])
        let title = titleNode.flatMap { decodeText($0, for: "title", context: context) }
        let subtitle = subtitleNode.flatMap { decodeText($0, for: "subtitle", context: context) }
        if titleNode == nil { context.missing("title", in: fields, of: name()) }
        let id = idNode.flatMap { context.keptString($0, for: "id") }
        let image = fields["image"].flatMap { decodeImageReference($0, for: "image", context: context) }
        var platforms: [String] = []
        if let node = fields["platforms"] {
            if let items = node.sequence {
                platforms = context.platformLists.shared(items.compactMap { context.string($0, for: "platforms") })
            } else {
                context.typeMismatch(node, expected: "a sequence of platform names", for: "platforms")
            }
        }
        let kind = fields["kind"].flatMap { context.oneOf($0, for: "kind", as: FeatureKind.self) }
        // A feature without a readable title or subtitle is kept, for the checks of the rest of it (a subtitle
        // not written is `absent` too: a one-line change, which every output shows without one).
        var feature = Feature(idLocation: idNode.map(context.location), image: image, title: title ?? .absent, subtitle: subtitle ?? .absent,
                              platforms: platforms, kind: kind, location: context.location(node))
        feature.idText = id
        feature.section = fields["section"].flatMap { context.string($0, for: "section") }
        return feature
    }
}
