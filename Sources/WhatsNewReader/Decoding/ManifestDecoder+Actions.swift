import YAMLTree
import WhatsNewModel
import WhatsNewText

extension ManifestDecoder {
    static let primaryActionKeys = ["title", "backgroundColor", "foregroundColor", "hapticFeedback"]
    static let secondaryActionKeys = ["title", "foregroundColor", "hapticFeedback", "openURL", "present", "dismiss", "custom"]

    func decodePrimaryReference(_ node: YAMLNode, for name: String, context: DecodingContext) -> Reference<PrimaryAction>? {
        if let key = context.referenceKey(node) { return .key(key, context.location(node)) }
        if node.mapping == nil {
            context.typeMismatch(node, expected: "a primary action key or mapping", for: name)
            return nil
        }
        return decodePrimaryAction(node, for: name, context: context).map(Reference.inline)
    }

    func decodeSecondaryReference(_ node: YAMLNode, for name: String, context: DecodingContext) -> Reference<SecondaryAction>? {
        if let key = context.referenceKey(node) { return .key(key, context.location(node)) }
        if node.mapping == nil {
            context.typeMismatch(node, expected: "a secondary action key or mapping", for: name)
            return nil
        }
        return decodeSecondaryAction(node, for: name, context: context).map(Reference.inline)
    }

    func decodePrimaryAction(_ node: YAMLNode, for name: String, context: DecodingContext) -> PrimaryAction? {
        guard let fields = context.fields(node, of: name, allowed: Self.primaryActionKeys) else { return nil }
        var action = PrimaryAction(location: context.location(node))
        if let title = fields["title"].flatMap({ decodeText($0, for: "title", context: context) }) { action.title = title }
        if let color = fields["backgroundColor"].flatMap({ decodeColor($0, for: "backgroundColor", context: context) }) {
            action.backgroundColor = color
        }
        if let color = fields["foregroundColor"].flatMap({ decodeColor($0, for: "foregroundColor", context: context) }) {
            action.foregroundColor = color
        }
        action.hapticFeedback = fields["hapticFeedback"].flatMap { decodeHaptic($0, context: context) }
        return action
    }

    /// A secondary action; nil when the node is not a mapping. An action with errors is kept, for the checks
    /// of the rest of it: with its first kind that could be read (the others beside it; else `dismiss`, which
    /// no rule reads) and an absent title when it has none.
    func decodeSecondaryAction(_ node: YAMLNode, for name: String, context: DecodingContext) -> SecondaryAction? {
        guard let fields = context.fields(node, of: name, allowed: Self.secondaryActionKeys) else { return nil }
        let title = fields["title"].flatMap { decodeText($0, for: "title", context: context) }
        if fields["title"] == nil { context.missing("title", in: fields, of: name) }
        let kinds = ["openURL", "present", "dismiss", "custom"].filter { fields[$0] != nil }
        if kinds.count != 1 {
            let found = kinds.isEmpty ? "none" : kinds.map { "'\($0)'" }.joined(separator: " and ")
            context.error(.invalidAction, "expected exactly one of 'openURL', 'present', 'dismiss' or 'custom' in '\(name)', found \(found)",
                          at: node)
        }
        var written: [(kind: SecondaryAction.Kind, urlLocation: SourceLocation?)] = []
        for key in kinds {
            guard let kindNode = fields[key] else { continue }
            switch key {
            case "openURL":
                if let url = context.string(kindNode, for: "openURL") { written.append((.openURL(url), context.location(kindNode))) }
            case "present":
                if let page = decodePage(kindNode, context: context) { written.append((page, nil)) }
            case "dismiss":
                guard let flag = context.bool(kindNode, for: "dismiss") else { continue }
                if flag {
                    written.append((.dismiss, nil))
                } else {
                    context.error(.invalidValue, "expected 'dismiss: true', found 'false'", at: kindNode,
                                  fix: "remove 'dismiss', or choose another kind of action")
                }
            default:
                if let identifier = context.string(kindNode, for: "custom") { written.append((.custom(identifier), nil)) }
            }
        }
        var action = SecondaryAction(title: title ?? .absent, kind: written.first?.kind ?? .dismiss, location: context.location(node),
                                     urlLocation: written.first?.urlLocation)
        action.otherKinds = Array(written.dropFirst())
        if let color = fields["foregroundColor"].flatMap({ decodeColor($0, for: "foregroundColor", context: context) }) {
            action.foregroundColor = color
        }
        action.hapticFeedback = fields["hapticFeedback"].flatMap { decodeHaptic($0, context: context) }
        return action
    }

    /// `present: { title, body }`: a second page; nil when it is not a mapping (after reporting).
    private func decodePage(_ node: YAMLNode, context: DecodingContext) -> SecondaryAction.Kind? {
        guard let page = context.fields(node, of: "present", allowed: ["title", "body"]) else { return nil }
        let title = page["title"].flatMap { decodeText($0, for: "present.title", context: context) }
        guard let bodyNode = page["body"] else {
            context.missing("body", in: page, of: "present")
            return .present(title: title, body: .absent)
        }
        return .present(title: title, body: decodeText(bodyNode, for: "present.body", context: context) ?? .absent)
    }

    /// `selection`, `{ notification: success|warning|error }` or `{ impact: { style, intensity } }`.
    func decodeHaptic(_ node: YAMLNode, context: DecodingContext) -> HapticFeedback? {
        let expected = "'selection', { notification: … } or { impact: … }"
        if let scalar = node.scalar {
            guard scalar.text == "selection" else {
                context.error(.invalidValue, "expected \(expected) for 'hapticFeedback', found '\(scalar.text)'"
                              + Suggestion.phrase(for: scalar.text, in: ["selection"]), at: node)
                return nil
            }
            return .selection
        }
        guard let fields = context.fields(node, of: "hapticFeedback", allowed: ["notification", "impact"], expected: expected) else {
            return nil
        }
        if let notification = fields["notification"] {
            return context.oneOf(notification, for: "notification", as: HapticFeedback.Notification.self).map(HapticFeedback.notification)
        }
        if let impactNode = fields["impact"] {
            guard let impact = context.fields(impactNode, of: "impact", allowed: ["style", "intensity"]) else { return nil }
            let style = impact["style"].flatMap { context.oneOf($0, for: "style", as: HapticFeedback.ImpactStyle.self) }
            var intensity: Double?
            if let intensityNode = impact["intensity"], let value = context.number(intensityNode, for: "intensity") {
                if (0...1).contains(value) {
                    intensity = value
                } else {
                    context.error(.invalidValue, "expected an intensity from 0 to 1, found \(intensityNode.scalar?.text ?? "")", at: intensityNode)
                }
            }
            return .impact(style: style, intensity: intensity)
        }
        context.error(.invalidValue, "expected \(expected) for 'hapticFeedback', found an empty mapping", at: node)
        return nil
    }
}
