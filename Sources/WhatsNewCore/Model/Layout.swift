/// Edge insets in points; missing sides are 0.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }
}

/// The 13 properties of WhatsNewKit's `WhatsNew.Layout`, with its defaults (points).
public struct Layout: Sendable, Hashable {
    public enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable {
        case top, center, bottom, firstTextBaseline, lastTextBaseline
    }

    public var showsScrollViewIndicators = false
    public var scrollViewBottomContentInset: Double = 150
    public var contentSpacing: Double = 60
    public var contentPadding = EdgeInsets(top: 65)
    public var featureListSpacing: Double = 25
    public var featureListPadding = EdgeInsets(leading: 15)
    public var featureImageWidth: Double = 40
    public var featureHorizontalSpacing: Double = 15
    public var featureHorizontalAlignment = HorizontalAlignment.center
    public var featureVerticalSpacing: Double = 2
    public var footerActionSpacing: Double = 15
    public var footerPrimaryActionButtonCornerRadius: Double = 14
    public var footerVisualEffectViewPadding = EdgeInsets(top: -10)

    public init() {}

    /// WhatsNewKit's defaults.
    public static let `default` = Layout()

    /// This layout with every property `overrides` sets replaced.
    public func applying(_ overrides: LayoutOverrides) -> Layout {
        var layout = self
        if let value = overrides.showsScrollViewIndicators { layout.showsScrollViewIndicators = value }
        if let value = overrides.scrollViewBottomContentInset { layout.scrollViewBottomContentInset = value }
        if let value = overrides.contentSpacing { layout.contentSpacing = value }
        if let value = overrides.contentPadding { layout.contentPadding = value }
        if let value = overrides.featureListSpacing { layout.featureListSpacing = value }
        if let value = overrides.featureListPadding { layout.featureListPadding = value }
        if let value = overrides.featureImageWidth { layout.featureImageWidth = value }
        if let value = overrides.featureHorizontalSpacing { layout.featureHorizontalSpacing = value }
        if let value = overrides.featureHorizontalAlignment { layout.featureHorizontalAlignment = value }
        if let value = overrides.featureVerticalSpacing { layout.featureVerticalSpacing = value }
        if let value = overrides.footerActionSpacing { layout.footerActionSpacing = value }
        if let value = overrides.footerPrimaryActionButtonCornerRadius { layout.footerPrimaryActionButtonCornerRadius = value }
        if let value = overrides.footerVisualEffectViewPadding { layout.footerVisualEffectViewPadding = value }
        return layout
    }
}

/// The Layout properties a manifest sets (in `defaults.layout` or a version's `layout`).
public struct LayoutOverrides: Sendable, Hashable {
    public var showsScrollViewIndicators: Bool?
    public var scrollViewBottomContentInset: Double?
    public var contentSpacing: Double?
    public var contentPadding: EdgeInsets?
    public var featureListSpacing: Double?
    public var featureListPadding: EdgeInsets?
    public var featureImageWidth: Double?
    public var featureHorizontalSpacing: Double?
    public var featureHorizontalAlignment: Layout.HorizontalAlignment?
    public var featureVerticalSpacing: Double?
    public var footerActionSpacing: Double?
    public var footerPrimaryActionButtonCornerRadius: Double?
    public var footerVisualEffectViewPadding: EdgeInsets?

    public init() {}
}
