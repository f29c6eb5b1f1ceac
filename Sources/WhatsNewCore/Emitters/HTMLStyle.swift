import Foundation

/// The page's CSS, and the color arithmetic that keeps user colors readable (WCAG AA, 4.5:1).
enum HTMLStyle {
    /// The CSS value of `color` on `appearance`'s background, or nil when it would not reach 4.5:1 there.
    static func readable(_ color: Color, on appearance: ColorAppearance, accent: Color) -> String? {
        let value = color.resolved(for: appearance, accent: accent).composited(over: appearance.background)
        return contrast(value, appearance.background) >= 4.5 ? value.cssValue : nil
    }

    /// The WCAG contrast ratio of two opaque colors (1 to 21).
    static func contrast(_ a: RGBColor, _ b: RGBColor) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// WCAG relative luminance.
    static func luminance(_ color: RGBColor) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// WhatsNewKit's Layout as CSS custom properties (points become CSS pixels).
    static func layoutVariables(_ layout: Layout) -> String {
        func px(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value))px" : "\(value)px"
        }
        func insets(_ value: EdgeInsets) -> String {
            "\(px(value.top)) \(px(value.trailing)) \(px(value.bottom)) \(px(value.leading))"
        }
        let alignment: String
        switch layout.featureHorizontalAlignment {
        case .top: alignment = "flex-start"
        case .center: alignment = "center"
        case .bottom: alignment = "flex-end"
        case .firstTextBaseline: alignment = "first baseline"
        case .lastTextBaseline: alignment = "last baseline"
        }
        return [
            "--content-spacing: \(px(layout.contentSpacing))",
            "--content-padding: \(insets(layout.contentPadding))",
            "--scroll-bottom-inset: \(px((layout.scrollViewBottomContentInset / 2).rounded()))",
            "--feature-list-spacing: \(px(layout.featureListSpacing))",
            "--feature-list-padding: \(insets(layout.featureListPadding))",
            "--feature-image-width: \(px(layout.featureImageWidth))",
            "--feature-glyph-size: \(px((layout.featureImageWidth * 0.6).rounded()))",
            "--feature-horizontal-spacing: \(px(layout.featureHorizontalSpacing))",
            "--feature-alignment: \(alignment)",
            "--feature-vertical-spacing: \(px(layout.featureVerticalSpacing))",
            "--footer-action-spacing: \(px(layout.footerActionSpacing))",
            "--button-radius: \(px(layout.footerPrimaryActionButtonCornerRadius))",
            "--footer-padding: \(insets(layout.footerVisualEffectViewPadding))",
            "--scroll-indicators: \(layout.showsScrollViewIndicators ? "auto" : "none")",
        ].joined(separator: "; ") + ";"
    }

    static func css(accent: Color) -> String {
        let accentLight = readable(accent, on: .light, accent: accent) ?? "#0b57d0"
        let accentDark = readable(accent, on: .dark, accent: accent) ?? "#8ab4f8"
        return """
        :root { --bg: #ffffff; --fg: #1d1d1f; --muted: #4f4f55; --line: #d2d2d7; --panel: #f5f5f7;
          --accent: \(accentLight); --link: var(--accent); --title: var(--fg); }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #1c1c1e; --fg: #f5f5f7; --muted: #c7c7cc; --line: #3a3a3c; --panel: #2c2c2e; --accent: \(accentDark); }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 17px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif; }
        a { color: var(--link); }
        a:focus-visible, summary:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel); padding: 0.1em 0.3em; border-radius: 4px; }
        pre { background: var(--panel); padding: 0.75rem 1rem; border-radius: 8px; overflow-x: auto; }
        pre code { background: none; padding: 0; }
        blockquote { margin: 1rem 0; padding: 0 1rem; border-left: 4px solid var(--line); color: var(--muted); }
        .site-header, .toc, main, .site-footer { max-width: 46rem; margin: 0 auto; padding: 0 1.25rem; }
        .site-header { padding-top: 2.5rem; }
        .site-header h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 0.5rem; }
        .toc { border-bottom: 1px solid var(--line); padding-bottom: 1rem; }
        .toc h2 { font-size: 1rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
        .toc ol { margin: 0; padding-left: 1.25rem; }
        .toc time, .meta { color: var(--muted); font-size: 0.9rem; }
        .version { padding: 2rem 0; border-bottom: 1px solid var(--line); }
        .version h2, .sheet-title { color: var(--title); }
        [style*="--title-light"] { --title: var(--title-light, var(--fg)); }
        @media (prefers-color-scheme: dark) { [style*="--title-light"], [style*="--title-dark"] { --title: var(--title-dark, var(--fg)); } }
        .version h2 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 0.25rem; }
        .permalink { color: inherit; text-decoration: none; }
        .permalink:hover, .permalink:focus { text-decoration: underline; }
        .features { list-style: none; margin: 1.25rem 0; padding: 0; display: grid; gap: 1.25rem; }
        .feature { display: flex; gap: 0.9rem; align-items: flex-start; }
        .icon { position: relative; z-index: 0; flex: none; display: inline-flex; align-items: center; justify-content: center; width: 2.5rem; height: 2.5rem;
          border-radius: 0.6rem; font-size: 1.35rem; color: var(--tint-light, var(--accent)); }
        .icon::before { content: ""; z-index: -1; position: absolute; top: 0; right: 0; bottom: 0; left: 0; border-radius: inherit; opacity: 0.16;
          background: var(--tint-light, var(--accent)); }
        @media (prefers-color-scheme: dark) { .icon { color: var(--tint-dark, var(--accent)); } .icon::before { opacity: 0.24; background: var(--tint-dark, var(--accent)); } }
        .icon img { width: 100%; height: 100%; object-fit: contain; border-radius: inherit; }
        .feature-title { font-size: 1.05rem; margin: 0; }
        .feature-subtitle { margin: 0.15rem 0 0; color: var(--muted); }
        .secondary-action { margin: 1rem 0 0; }
        [style*="--link-light"] { --link: var(--link-light); color: var(--link-light); }
        @media (prefers-color-scheme: dark) {
          [style*="--link-light"], [style*="--link-dark"] { --link: var(--link-dark, var(--accent)); color: var(--link-dark, var(--accent)); }
        }
        details.secondary-action summary { cursor: pointer; color: var(--link); font-weight: 600; }
        details .page { margin-top: 0.75rem; padding: 0.25rem 1rem; background: var(--panel); border-radius: 10px; }
        .site-footer { padding-top: 2rem; padding-bottom: 3rem; color: var(--muted); font-size: 0.9rem; }
        body.showcase { padding: 0 1.25rem; }
        .sheet { max-width: 34rem; padding: var(--content-padding); padding-bottom: var(--scroll-bottom-inset);
          display: flex; flex-direction: column; gap: var(--content-spacing); scrollbar-width: var(--scroll-indicators); }
        .sheet-title { text-align: center; font-size: 2.4rem; line-height: 1.15; margin: 0; }
        .sheet .features { gap: var(--feature-list-spacing); padding: var(--feature-list-padding); margin: 0; }
        .sheet .feature { gap: var(--feature-horizontal-spacing); align-items: var(--feature-alignment); }
        .sheet .icon { width: var(--feature-image-width); height: var(--feature-image-width); font-size: var(--feature-glyph-size); }
        .sheet .feature-text { display: flex; flex-direction: column; gap: var(--feature-vertical-spacing); }
        .sheet .feature-subtitle { margin: 0; }
        .sheet-footer { display: flex; flex-direction: column; gap: var(--footer-action-spacing); align-items: stretch; text-align: center; padding: var(--footer-padding); }
        .sheet-footer .secondary-action { margin: 0; }
        .primary-button { font: inherit; font-weight: 600; border: 0; border-radius: var(--button-radius); padding: 0.9rem 1rem; width: 100%;
          background: var(--button-bg-light); color: var(--button-fg-light); }
        @media (prefers-color-scheme: dark) { .primary-button { background: var(--button-bg-dark); color: var(--button-fg-dark); } }
        @media (max-width: 480px) {
          body { font-size: 16px; }
          .site-header h1 { font-size: 1.6rem; }
          .sheet-title { font-size: 1.9rem; }
          .site-header, .toc, main, .site-footer { padding-left: 1rem; padding-right: 1rem; }
        }
        @media print {
          :root { --bg: #ffffff; --fg: #000000; --muted: #333333; --panel: #f2f2f2; }
          .toc, .primary-button { display: none; }
          .version { break-inside: avoid-page; }
          a[href^="http"]::after, a[href^="mailto"]::after { content: " (" attr(href) ")"; font-size: 0.85em; color: var(--muted); }
          details .page { display: block; }
        }

        """
    }
}
