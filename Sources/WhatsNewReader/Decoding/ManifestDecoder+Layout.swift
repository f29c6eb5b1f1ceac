import YAMLTree
import WhatsNewModel

extension ManifestDecoder {
    static let layoutKeys = [
        "showsScrollViewIndicators", "scrollViewBottomContentInset", "contentSpacing", "contentPadding", "featureListSpacing",
        "featureListPadding", "featureImageWidth", "featureHorizontalSpacing", "featureHorizontalAlignment",
        "featureVerticalSpacing", "footerActionSpacing", "footerPrimaryActionButtonCornerRadius", "footerVisualEffectViewPadding",
    ]

    /// The Layout properties a mapping sets; each one that is wrong is reported and left unset.
    func decodeLayout(_ node: YAMLNode, for name: String, context: DecodingContext) -> LayoutOverrides? {
        guard let fields = context.fields(node, of: name, allowed: Self.layoutKeys) else { return nil }
        var layout = LayoutOverrides()
        for pair in fields.pairs {
            let (key, value) = (pair.key, pair.value)
            switch key {
            case "showsScrollViewIndicators": layout.showsScrollViewIndicators = context.bool(value, for: key)
            case "scrollViewBottomContentInset": layout.scrollViewBottomContentInset = points(value, for: key, context: context)
            case "contentSpacing": layout.contentSpacing = points(value, for: key, context: context)
            case "contentPadding": layout.contentPadding = insets(value, for: key, context: context)
            case "featureListSpacing": layout.featureListSpacing = points(value, for: key, context: context)
            case "featureListPadding": layout.featureListPadding = insets(value, for: key, context: context)
            case "featureImageWidth": layout.featureImageWidth = points(value, for: key, context: context, minimum: 0)
            case "featureHorizontalSpacing": layout.featureHorizontalSpacing = points(value, for: key, context: context)
            case "featureHorizontalAlignment":
                layout.featureHorizontalAlignment = context.oneOf(value, for: key, as: Layout.HorizontalAlignment.self)
            case "featureVerticalSpacing": layout.featureVerticalSpacing = points(value, for: key, context: context)
            case "footerActionSpacing": layout.footerActionSpacing = points(value, for: key, context: context)
            case "footerPrimaryActionButtonCornerRadius":
                layout.footerPrimaryActionButtonCornerRadius = points(value, for: key, context: context, minimum: 0)
            case "footerVisualEffectViewPadding": layout.footerVisualEffectViewPadding = insets(value, for: key, context: context)
            default: break
            }
        }
        return layout
    }

    /// Points: a number from -10000 to 10000 (so a huge value cannot blow up terminal output).
    private func points(_ node: YAMLNode, for name: String, context: DecodingContext, minimum: Double = -10_000) -> Double? {
        guard let value = context.number(node, for: name) else { return nil }
        guard value >= minimum, value <= 10_000 else {
            context.error(.invalidValue, "expected points from \(Int(minimum)) to 10000 for '\(name)', found \(node.scalar?.text ?? "")", at: node)
            return nil
        }
        return value
    }

    /// Edge insets: one number for all sides, or `{top, leading, bottom, trailing}` with missing sides 0.
    private func insets(_ node: YAMLNode, for name: String, context: DecodingContext) -> EdgeInsets? {
        if node.scalar != nil { return points(node, for: name, context: context).map(EdgeInsets.init(all:)) }
        guard let fields = context.fields(node, of: name, allowed: ["top", "leading", "bottom", "trailing"],
                                          expected: "a number or a mapping of top, leading, bottom, trailing") else { return nil }
        var insets = EdgeInsets()
        if let value = fields["top"].flatMap({ points($0, for: "top", context: context) }) { insets.top = value }
        if let value = fields["leading"].flatMap({ points($0, for: "leading", context: context) }) { insets.leading = value }
        if let value = fields["bottom"].flatMap({ points($0, for: "bottom", context: context) }) { insets.bottom = value }
        if let value = fields["trailing"].flatMap({ points($0, for: "trailing", context: context) }) { insets.trailing = value }
        return insets
    }
}
