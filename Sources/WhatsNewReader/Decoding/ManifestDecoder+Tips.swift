import YAMLTree
import WhatsNewModel

extension ManifestDecoder {
    static let tipKeys = ["id", "title", "message", "image", "actions", "rules", "maxDisplayCount", "ignoresDisplayFrequency"]
    static let tipActionKeys = ["id", "title", "openURL"]
    static let eventRuleKeys = ["event", "count", "within"]
    static let parameterRuleKeys = ["parameter", "equals", "lt", "le", "gt", "ge"]
    static let tipGroupKeys = ["id", "priority", "tips"]

    mutating func decodeTips(_ node: YAMLNode, context: DecodingContext) {
        guard let items = node.sequence else {
            context.typeMismatch(node, expected: "a sequence of tips", for: "tips")
            return
        }
        for (index, item) in items.enumerated() {
            if let tip = decodeTip(item, name: "tips[\(index)]", context: context) { manifest.tips.append(tip) }
        }
    }

    mutating func decodeTipGroups(_ node: YAMLNode, context: DecodingContext) {
        guard let items = node.sequence else {
            context.typeMismatch(node, expected: "a sequence of tip groups", for: "tipGroups")
            return
        }
        for (index, item) in items.enumerated() {
            let name = "tipGroups[\(index)]"
            guard let fields = context.fields(item, of: name, allowed: Self.tipGroupKeys) else { continue }
            guard let idNode = fields["id"], let id = context.string(idNode, for: "\(name).id") else {
                if fields["id"] == nil { context.missing("id", in: fields, of: name) }
                continue
            }
            let priority = fields["priority"].flatMap { context.oneOf($0, for: "\(name).priority", as: TipGroup.Priority.self) }
            var members: [TipGroup.Member] = []
            if let tipsNode = fields["tips"] {
                if let tips = tipsNode.sequence {
                    for tip in tips {
                        if let key = context.string(tip, for: "\(name).tips") { members.append(TipGroup.Member(id: key, location: context.location(tip))) }
                    }
                } else {
                    context.typeMismatch(tipsNode, expected: "a sequence of tip ids", for: "\(name).tips")
                }
            } else {
                context.missing("tips", in: fields, of: name)
            }
            manifest.tipGroups.append(TipGroup(id: id, idLocation: context.location(idNode), priority: priority ?? .firstAvailable, tips: members))
        }
    }

    /// A tip; nil when it is not a mapping or has no id. A tip with other errors is kept for the rules.
    private func decodeTip(_ node: YAMLNode, name: String, context: DecodingContext) -> Tip? {
        guard let fields = context.fields(node, of: name, allowed: Self.tipKeys) else { return nil }
        guard let idNode = fields["id"], let id = context.string(idNode, for: "\(name).id") else {
            if fields["id"] == nil { context.missing("id", in: fields, of: name) }
            return nil
        }
        let title = fields["title"].flatMap { decodeText($0, for: "\(name).title", context: context) }
        if fields["title"] == nil { context.missing("title", in: fields, of: name) }
        var tip = Tip(id: id, idLocation: context.location(idNode), title: title ?? .absent, location: context.location(node))
        tip.message = fields["message"].flatMap { decodeText($0, for: "\(name).message", context: context) }
        tip.image = fields["image"].flatMap { decodeImageReference($0, for: "\(name).image", context: context) }
        if let actionsNode = fields["actions"] {
            if let actions = actionsNode.sequence {
                for (index, action) in actions.enumerated() {
                    if let decoded = decodeTipAction(action, name: "\(name).actions[\(index)]", context: context) { tip.actions.append(decoded) }
                }
            } else {
                context.typeMismatch(actionsNode, expected: "a sequence of actions", for: "\(name).actions")
            }
        }
        if let rulesNode = fields["rules"] {
            if let rules = rulesNode.sequence {
                for (index, rule) in rules.enumerated() {
                    if let decoded = decodeTipRule(rule, name: "\(name).rules[\(index)]", context: context) { tip.rules.append(decoded) }
                }
            } else {
                context.typeMismatch(rulesNode, expected: "a sequence of rules", for: "\(name).rules")
            }
        }
        if let countNode = fields["maxDisplayCount"] {
            tip.maxDisplayCount = count(countNode, for: "\(name).maxDisplayCount", minimum: 1, context: context)
        }
        tip.ignoresDisplayFrequency = fields["ignoresDisplayFrequency"].flatMap { context.bool($0, for: "\(name).ignoresDisplayFrequency") } ?? false
        return tip
    }

    private func decodeTipAction(_ node: YAMLNode, name: String, context: DecodingContext) -> TipAction? {
        guard let fields = context.fields(node, of: name, allowed: Self.tipActionKeys) else { return nil }
        for key in ["id", "title"] where fields[key] == nil { context.missing(key, in: fields, of: name) }
        guard let idNode = fields["id"], let id = context.string(idNode, for: "\(name).id") else { return nil }
        let title = fields["title"].flatMap { decodeText($0, for: "\(name).title", context: context) }
        var action = TipAction(id: id, idLocation: context.location(idNode), title: title ?? .absent)
        if let urlNode = fields["openURL"], let url = context.string(urlNode, for: "\(name).openURL") {
            action.openURL = url
            action.urlLocation = context.location(urlNode)
        }
        return action
    }

    /// `{ event, count?, within? }` or `{ parameter, equals?, lt?, le?, gt?, ge? }`.
    private func decodeTipRule(_ node: YAMLNode, name: String, context: DecodingContext) -> TipRule? {
        let isParameter = node.mapping != nil && node["parameter"] != nil && node["event"] == nil
        let allowed = isParameter ? Self.parameterRuleKeys : Self.eventRuleKeys
        guard let fields = context.fields(node, of: name, allowed: allowed, expected: "a rule mapping ('event' or 'parameter')") else { return nil }
        let kind = isParameter ? "parameter" : "event"
        guard let nameNode = fields[kind] else {
            context.error(.missingKey, "missing 'event' or 'parameter' in '\(name)'", at: node,
                          fix: "add 'event: NAME' (donated with 'whatsnew tip donate NAME') or 'parameter: NAME'", subject: "event")
            return nil
        }
        guard let ruleName = context.string(nameNode, for: "\(name).\(kind)") else { return nil }
        if isParameter {
            var condition = ParameterCondition()
            if let equals = fields["equals"] {
                switch equals.scalar?.kind {
                case .bool?: condition.equals = equals.scalar?.boolValue.map(ParameterValue.bool)
                case .int?, .float?: condition.equals = context.number(equals, for: "\(name).equals").map(ParameterValue.number)
                case .string?: condition.equals = equals.scalar.map { .string($0.text) }
                default: context.typeMismatch(equals, expected: "a string, number or boolean", for: "\(name).equals")
                }
            }
            condition.lt = fields["lt"].flatMap { context.number($0, for: "\(name).lt") }
            condition.le = fields["le"].flatMap { context.number($0, for: "\(name).le") }
            condition.gt = fields["gt"].flatMap { context.number($0, for: "\(name).gt") }
            condition.ge = fields["ge"].flatMap { context.number($0, for: "\(name).ge") }
            return TipRule(.parameter(ruleName, condition), nameLocation: context.location(nameNode), location: context.location(node))
        }
        var countCondition = CountCondition()
        if let countNode = fields["count"],
           let bounds = context.fields(countNode, of: "\(name).count", allowed: ["atLeast", "atMost", "equals"]) {
            countCondition.atLeast = bounds["atLeast"].flatMap { count($0, for: "\(name).count.atLeast", minimum: 0, context: context) }
            countCondition.atMost = bounds["atMost"].flatMap { count($0, for: "\(name).count.atMost", minimum: 0, context: context) }
            countCondition.equals = bounds["equals"].flatMap { count($0, for: "\(name).count.equals", minimum: 0, context: context) }
        }
        let within = fields["within"].flatMap { duration($0, for: "\(name).within", context: context) }
        return TipRule(.event(ruleName, count: countCondition, within: within), nameLocation: context.location(nameNode),
                       location: context.location(node))
    }

    /// A whole number of at least `minimum` (and at most 1,000,000, which no count needs to exceed).
    private func count(_ node: YAMLNode, for name: String, minimum: Int, context: DecodingContext) -> Int? {
        guard let value = context.number(node, for: name) else { return nil }
        guard value.rounded() == value, value >= Double(minimum), value <= 1_000_000 else {
            context.error(.invalidValue, "expected a whole number from \(minimum) to 1000000 for '\(name)', found \(node.scalar?.text ?? "")",
                          at: node)
            return nil
        }
        return Int(value)
    }

    /// `invalid-duration` (error): `within` that is not a number and a unit (m, h, d, w).
    private func duration(_ node: YAMLNode, for name: String, context: DecodingContext) -> TipDuration? {
        guard let text = context.string(node, for: name) else { return nil }
        if let duration = TipDuration(text) { return duration }
        let suggestion = TipDuration.suggestion(for: text)
        context.error(.invalidDuration,
                      "expected a duration such as '30m', '12h', '7d' or '2w' for '\(name)', found '\(text)'"
                          + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                      at: node, fix: "write a whole number and one unit: m (minutes), h (hours), d (days) or w (weeks)")
        return nil
    }
}
