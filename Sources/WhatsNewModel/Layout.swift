/// Edge insets in points; missing sides are 0.
package struct EdgeInsets: Sendable, Hashable {
    package var top: Double
    package var leading: Double
    package var bottom: Double
    package var trailing: Double

    package init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    package init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }
}

/// The 13 properties of WhatsNewKit's `WhatsNew.Layout`, with its defaults (points).
package struct Layout: Sendable, Hashable {
    package enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable {
        case top, center, bottom, firstTextBaseline, lastTextBaseline
    }

    package var showsScrollViewIndicators = false
    package var scrollViewBottomContentInset: Double = 150
    package var contentSpacing: Double = 60
    package var contentPadding = EdgeInsets(top: 65)
    package var featureListSpacing: Double = 25
    package var featureListPadding = EdgeInsets(leading: 15)
    package var featureImageWidth: Double = 40
    package var featureHorizontalSpacing: Double = 15
    package var featureHorizontalAlignment = HorizontalAlignment.center
    package var featureVerticalSpacing: Double = 2
    package var footerActionSpacing: Double = 15
    package var footerPrimaryActionButtonCornerRadius: Double = 14
    package var footerVisualEffectViewPadding = EdgeInsets(top: -10)

    package init() {}

    /// WhatsNewKit's defaults.
    package static let `default` = Layout()

    /// This layout with every property `overrides` sets replaced.
    package func applying(_ overrides: LayoutOverrides) -> Layout {
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
package struct LayoutOverrides: Sendable, Hashable {
    package var showsScrollViewIndicators: Bool?
    package var scrollViewBottomContentInset: Double?
    package var contentSpacing: Double?
    package var contentPadding: EdgeInsets?
    package var featureListSpacing: Double?
    package var featureListPadding: EdgeInsets?
    package var featureImageWidth: Double?
    package var featureHorizontalSpacing: Double?
    package var featureHorizontalAlignment: Layout.HorizontalAlignment?
    package var featureVerticalSpacing: Double?
    package var footerActionSpacing: Double?
    package var footerPrimaryActionButtonCornerRadius: Double?
    package var footerVisualEffectViewPadding: EdgeInsets?

    package init() {}
}
