import Foundation
import WhatsNewModel
import WhatsNewText

/// The page's colors and CSS. User colors are never replaced, only shaded: a brand color that is too light
/// on white is darkened, one too dark on the dark background lightened, each just until it meets WCAG AA
/// (4.5:1 for text), so its hue survives in both schemes.
enum HTMLStyle {
    /// The surfaces text stands on in one scheme: the page, and the panels (code, `present` pages).
    struct Scheme {
        let appearance: ColorAppearance
        let background: RGBColor
        let panel: RGBColor

        static let light = Scheme(appearance: .light, background: RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF),
                                  panel: RGBColor(red: 0xF4, green: 0xF4, blue: 0xF6))
        static let dark = Scheme(appearance: .dark, background: RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E),
                                 panel: RGBColor(red: 0x2C, green: 0x2C, blue: 0x2E))
        static let both = [light, dark]

        /// The surfaces text on the page may stand on.
        var surfaces: [RGBColor] { [background, panel] }
    }

    /// WCAG AA for text, and for the glyphs of icons (graphics).
    static let textContrast = 4.5
    static let graphicContrast = 3.0

    /// `color` in `scheme`, composited over its background and shaded until it has `contrast` with every one of
    /// `surfaces` (the scheme's surfaces when nil).
    static func shaded(_ color: Color, in scheme: Scheme, accent: Color, contrast target: Double = textContrast,
                       on surfaces: [RGBColor]? = nil) -> RGBColor {
        let value = color.resolved(for: scheme.appearance, accent: accent).composited(over: scheme.background)
        return RGBColor.shaded(value, toContrast: target, on: surfaces ?? scheme.surfaces, darker: scheme.appearance == .light)
    }

    /// The colors of a button (the showcase's primary action): the background is shaded until the text on it
    /// is readable; the text keeps its color unless no shade of the background would do.
    static func button(background: Color, foreground: Color, in scheme: Scheme, accent: Color) -> (background: RGBColor, foreground: RGBColor) {
        let back = background.resolved(for: scheme.appearance, accent: accent).composited(over: scheme.background)
        let front = foreground.resolved(for: scheme.appearance, accent: accent).composited(over: back)
        // Darker text needs a lighter background, and lighter text a darker one.
        let shadedBack = RGBColor.shaded(back, toContrast: textContrast, on: [front], darker: RGBColor.luminance(front) > RGBColor.luminance(back))
        if RGBColor.contrast(front, shadedBack) >= textContrast { return (shadedBack, front) }
        let black = RGBColor(red: 0, green: 0, blue: 0), white = RGBColor(red: 255, green: 255, blue: 255)
        return (back, RGBColor.contrast(black, back) >= RGBColor.contrast(white, back) ? black : white)
    }

    /// `color` at `opacity` over `background`, as one opaque color (the tinted boxes of icons and badges).
    static func tint(_ color: RGBColor, opacity: Double, over background: RGBColor) -> RGBColor {
        RGBColor(red: color.red, green: color.green, blue: color.blue, alpha: UInt8((opacity * 255).rounded())).composited(over: background)
    }

    /// WhatsNewKit's Layout as CSS custom properties (points become CSS pixels).
    static func layoutVariables(_ layout: Layout) -> String {
        func px(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value))px" : "\(value)px"
        }
        func insets(_ value: EdgeInsets) -> String {
            "\(px(value.top)) \(px(value.trailing)) \(px(value.bottom)) \(px(value.leading))"
        }
        /// The sides of `value` one by one (the sheet adds its own gutter to the left and right ones).
        func sides(_ name: String, _ value: EdgeInsets) -> [String] {
            ["--\(name)-top: \(px(value.top))", "--\(name)-right: \(px(value.trailing))",
             "--\(name)-bottom: \(px(value.bottom))", "--\(name)-left: \(px(value.leading))"]
        }
        let alignment: String
        switch layout.featureHorizontalAlignment {
        case .top: alignment = "flex-start"
        case .center: alignment = "center"
        case .bottom: alignment = "flex-end"
        case .firstTextBaseline: alignment = "first baseline"
        case .lastTextBaseline: alignment = "last baseline"
        }
        let variables = ["--content-spacing: \(px(layout.contentSpacing))"] + sides("content-padding", layout.contentPadding) + [
            "--scroll-bottom-inset: \(px((layout.scrollViewBottomContentInset / 2).rounded()))",
            "--feature-list-spacing: \(px(layout.featureListSpacing))",
            "--feature-list-padding: \(insets(layout.featureListPadding))",
            "--feature-image-width: \(px(layout.featureImageWidth))",
            "--feature-glyph-size: \(px((layout.featureImageWidth * 0.55).rounded()))",
            "--feature-horizontal-spacing: \(px(layout.featureHorizontalSpacing))",
            "--feature-alignment: \(alignment)",
            "--feature-vertical-spacing: \(px(layout.featureVerticalSpacing))",
            "--footer-action-spacing: \(px(layout.footerActionSpacing))",
            "--button-radius: \(px(layout.footerPrimaryActionButtonCornerRadius))",
        ] + sides("footer-padding", layout.footerVisualEffectViewPadding) + [
            "--scroll-indicators: \(layout.showsScrollViewIndicators ? "auto" : "none")",
        ]
        return variables.joined(separator: "; ") + ";"
    }

    /// The brand color's shades for one scheme, as CSS custom properties: `--accent` for links and text,
    /// `--accent-tint` for the version badge's background and `--accent-on-tint` for its text.
    static func accentVariables(_ accent: Color, in scheme: Scheme) -> String {
        let text = shaded(accent, in: scheme, accent: accent)
        let raw = accent.resolved(for: scheme.appearance, accent: accent).composited(over: scheme.background)
        let tint = tint(raw, opacity: scheme.appearance == .light ? 0.12 : 0.22, over: scheme.background)
        let onTint = RGBColor.shaded(raw, toContrast: textContrast, on: [tint], darker: scheme.appearance == .light)
        return "--accent: \(text.cssValue); --accent-tint: \(tint.cssValue); --accent-on-tint: \(onTint.cssValue);"
    }

    static func css(accent: Color) -> String {
        let light = Scheme.light, dark = Scheme.dark
        return """
        :root { --bg: \(light.background.cssValue); --fg: #1d1d1f; --muted: #55555c; --line: #dcdce1; --panel: \(light.panel.cssValue);
          --backdrop: #eeeef2; \(accentVariables(accent, in: light)) --link: var(--accent); --title: var(--fg); }
        @media (prefers-color-scheme: dark) {
          :root { --bg: \(dark.background.cssValue); --fg: #f5f5f7; --muted: #b4b4bb; --line: #3a3a3e; --panel: \(dark.panel.cssValue);
            --backdrop: #0e0e10; \(accentVariables(accent, in: dark)) }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--fg); overflow-wrap: anywhere;
          font: 17px/1.55 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", sans-serif; }
        a { color: var(--link); }
        a:focus-visible, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; border-radius: 4px; }
        code { font: 0.88em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel); padding: 0.1em 0.35em;
          border-radius: 5px; overflow-wrap: anywhere; }
        pre { background: var(--panel); padding: 0.75rem 1rem; border-radius: 10px; overflow-x: auto; overflow-wrap: normal; }
        pre code { background: none; padding: 0; }
        blockquote { margin: 1rem 0; padding: 0 1rem; border-left: 4px solid var(--line); color: var(--muted); }
        ul[role="list"], ol[role="list"] { list-style: none; margin: 0; padding: 0; }
        .skip-link { position: absolute; left: 1rem; top: -4rem; z-index: 2; padding: 0.5rem 1rem; border-radius: 8px;
          background: var(--bg); color: var(--link); font-weight: 600; }
        .skip-link:focus { top: 1rem; }

        .site-header, .page-layout, .site-footer { max-width: 48rem; margin: 0 auto; padding: 0 1.25rem; }
        .site-header { padding-top: 2.75rem; padding-bottom: 1.5rem; }
        .brand { display: flex; align-items: center; gap: 0.75rem; margin: 0 0 0.75rem; }
        .app-icon { width: 2.75rem; height: 2.75rem; flex: none; border-radius: 22%; object-fit: contain; }
        .app-icon-glyph { display: inline-flex; align-items: center; justify-content: center; font-size: 1.6rem; background: var(--accent-tint); }
        .app-name { margin: 0; font-weight: 600; font-size: 1.1rem; min-width: 0; }
        .app-name a { color: var(--fg); text-decoration: none; }
        .app-name a:hover { text-decoration: underline; }
        .site-header h1 { font-size: 2.25rem; line-height: 1.15; letter-spacing: -0.02em; margin: 0; }

        .version-index { margin: 0 0 0.5rem; }
        .index-disclosure { border: 1px solid var(--line); border-radius: 12px; padding: 0 1rem; }
        .index-disclosure > summary { cursor: pointer; padding: 0.7rem 0; font-weight: 600; color: var(--muted); }
        .index-count { font-weight: 400; }
        .index-disclosure .index-list { padding-bottom: 0.75rem; }
        .index-list a { display: grid; grid-template-columns: auto minmax(0, 1fr); grid-template-areas: "version date" "title title";
          align-items: baseline; column-gap: 0.75rem; padding: 0.35rem 0.5rem; margin: 0 -0.5rem; border-radius: 8px; color: var(--fg);
          text-decoration: none; font-size: 0.92rem; line-height: 1.4; }
        .index-list a:hover { background: var(--panel); }
        .index-version { grid-area: version; font-weight: 600; font-variant-numeric: tabular-nums; }
        .index-title { grid-area: title; color: var(--muted); font-size: 0.86rem; }
        .index-title .badge { font-size: 0.68rem; padding: 0 0.4rem; margin-right: 0.25rem; white-space: nowrap; }
        .index-list time { grid-area: date; justify-self: end; color: var(--muted); font-variant-numeric: tabular-nums; white-space: nowrap; font-size: 0.84rem; }
        .version { padding: 2.25rem 0; border-bottom: 1px solid var(--line); }
        .version:first-child { padding-top: 1.25rem; }
        .version:last-child { border-bottom: 0; }
        .version-header h2 { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.4rem 0.75rem; margin: 0; font-size: 1.6rem; line-height: 1.25;
          letter-spacing: -0.01em; color: var(--title); }
        .version-number { font-size: 0.95rem; font-weight: 700; font-variant-numeric: tabular-nums; padding: 0.15rem 0.6rem; border-radius: 999px;
          background: var(--accent-tint); color: var(--accent-on-tint); letter-spacing: 0; white-space: nowrap; }
        .version-title { min-width: 0; }
        .version-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 0.35rem 0.75rem; margin: 0.5rem 0 0; color: var(--muted); font-size: 0.92rem; }
        .badge { font-size: 0.78rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; padding: 0.05rem 0.5rem; border-radius: 999px;
          border: 1px solid currentColor; }
        .permalink-mark { color: var(--link); text-decoration: none; font-weight: 700; padding: 0 0.25rem; }
        .permalink-mark:hover { text-decoration: underline; }
        [style*="--title-light"] { --title: var(--title-light); }
        @media (prefers-color-scheme: dark) { [style*="--title-dark"] { --title: var(--title-dark); } }

        .features { display: grid; gap: 1.35rem; }
        .version .features { margin: 1.5rem 0 0; }
        .feature { display: flex; gap: 1rem; align-items: flex-start; }
        .icon { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 2.5rem; height: 2.5rem; border-radius: 0.7rem;
          font-size: 1.3rem; line-height: 1; color: var(--tint-light, var(--accent)); background: var(--tint-bg-light, var(--accent-tint)); }
        @media (prefers-color-scheme: dark) { .icon { color: var(--tint-dark, var(--accent)); background: var(--tint-bg-dark, var(--accent-tint)); } }
        .icon-generic::before { content: ""; width: 34%; height: 34%; border-radius: 50%; background: currentColor; }
        .icon img { width: 100%; height: 100%; object-fit: contain; border-radius: inherit; }
        .icon-svg img { width: 62%; height: 62%; border-radius: 0; }
        .feature-text { flex: 1 1 auto; min-width: 0; }
        .feature-title { font-size: 1.06rem; line-height: 1.35; margin: 0; }
        .feature-title .permalink { color: inherit; text-decoration: none; }
        .feature-title .permalink:hover { text-decoration: underline; }
        .feature-subtitle { margin: 0.2rem 0 0; color: var(--muted); }
        .secondary-action { margin: 1.5rem 0 0; font-weight: 600; }
        [style*="--link-light"] { --link: var(--link-light); }
        @media (prefers-color-scheme: dark) { [style*="--link-dark"] { --link: var(--link-dark); } }
        details.secondary-action > summary { cursor: pointer; color: var(--link); width: fit-content; }
        .page { margin-top: 0.75rem; padding: 0.25rem 1.25rem; background: var(--panel); border-radius: 12px; font-weight: 400; text-align: start; }
        .page h2, .page h3, .page h4, .page h5, .page h6 { font-size: 1.05rem; margin: 1rem 0 0.25rem; }
        .languages { max-width: 48rem; margin: 0 auto; padding: 1rem 1.25rem 0; font-size: 0.9rem; }
        .languages ul { display: flex; flex-wrap: wrap; gap: 0.4rem 0.5rem; }
        .languages a { display: inline-block; padding: 0.3rem 0.8rem; border: 1px solid var(--line); border-radius: 999px; color: var(--link);
          text-decoration: none; line-height: 1.4; }
        .languages a:hover { text-decoration: underline; }
        .languages a[aria-current="page"] { background: var(--accent-tint); color: var(--accent-on-tint); border-color: transparent; font-weight: 600; }
        .site-footer { padding-top: 2rem; padding-bottom: 3rem; color: var(--muted); font-size: 0.9rem; }
        .site-footer p { margin: 0; border-top: 1px solid var(--line); padding-top: 1.25rem; }

        @media (min-width: 64rem) {
          .site-header, .page-layout, .site-footer { max-width: 72rem; padding: 0 2.5rem; }
          .languages { max-width: 72rem; padding: 1.25rem 2.5rem 0; }
          .site-header { padding-top: 3.5rem; padding-bottom: 2rem; }
          .site-header h1 { font-size: 2.75rem; }
          .page-layout { display: grid; grid-template-columns: 17rem minmax(0, 46rem); gap: 4rem; align-items: start; }
          .version-index { position: sticky; top: 0; max-height: 100vh; overflow-y: auto; padding: 1.25rem 0.25rem 1.5rem; margin: 0; }
          .index-disclosure { border: 0; padding: 0; }
          .index-disclosure > summary { list-style: none; pointer-events: none; cursor: default; padding: 0 0 0.5rem; font-size: 0.8rem;
            text-transform: uppercase; letter-spacing: 0.06em; }
          .index-disclosure > summary::-webkit-details-marker { display: none; }
          .index-disclosure::details-content { content-visibility: visible; display: block; }
          .site-footer p { margin-left: 21rem; }
        }
        @media (max-width: 30rem) {
          body { font-size: 16px; }
          .site-header { padding-top: 1.75rem; padding-bottom: 1rem; }
          .site-header h1 { font-size: 1.75rem; }
          .site-header, .page-layout, .site-footer, .languages { padding-left: 1rem; padding-right: 1rem; }
          .version-header h2 { font-size: 1.35rem; }
          .feature { gap: 0.8rem; }
        }

        body.showcase { background: var(--bg); }
        .sheet { max-width: 34rem; margin: 0 auto; padding: var(--content-padding-top) 1.25rem var(--content-padding-bottom);
          display: flex; flex-direction: column; gap: var(--content-spacing); background: var(--bg); scrollbar-width: var(--scroll-indicators); }
        .sheet-title { text-align: center; font-size: 2.4rem; line-height: 1.15; letter-spacing: -0.02em; color: var(--title);
          margin: 0 var(--content-padding-right) 0 var(--content-padding-left); }
        .sheet .features { gap: var(--feature-list-spacing); padding: var(--feature-list-padding);
          margin: 0 var(--content-padding-right) var(--scroll-bottom-inset) var(--content-padding-left); }
        .sheet .feature { gap: var(--feature-horizontal-spacing); align-items: var(--feature-alignment); }
        .sheet .icon { width: var(--feature-image-width); height: var(--feature-image-width); font-size: var(--feature-glyph-size); }
        .sheet .feature-text { display: flex; flex-direction: column; gap: var(--feature-vertical-spacing); }
        .sheet .feature-subtitle { margin: 0; }
        .sheet-footer { position: sticky; bottom: 0; display: flex; flex-direction: column; gap: var(--footer-action-spacing); align-items: stretch;
          text-align: center; padding: 1rem 0 1.25rem; margin: var(--footer-padding-top) var(--footer-padding-right) var(--footer-padding-bottom)
          var(--footer-padding-left); background: var(--bg); box-shadow: 0 -1px 0 var(--line); }
        .sheet-footer .secondary-action { margin: 0; }
        .pushed-page:not(:target) { display: none; }
        .pushed-page:target ~ main, .pushed-page:target ~ .languages { display: none; }
        .pushed-page:focus { outline: none; }
        .pushed-card { max-width: 34rem; margin: 0 auto; padding: 0 1.25rem 2rem; background: var(--bg); text-align: start; }
        .pushed-bar { position: sticky; top: 0; z-index: 1; margin: 0 -1.25rem; padding: 0.5rem 0.75rem; background: var(--bg);
          box-shadow: 0 1px 0 var(--line); }
        .back-link { display: inline-flex; align-items: center; gap: 0.3rem; min-height: 2.75rem; padding: 0 0.5rem; font-weight: 600; text-decoration: none; }
        .back-link:hover { text-decoration: underline; }
        .back-chevron { font-size: 1.4em; line-height: 1; }
        .pushed-page .page { margin: 0; padding: 0.5rem 0 0; background: none; border-radius: 0; }
        .pushed-page .page > h1:first-child { font-size: 1.9rem; line-height: 1.2; letter-spacing: -0.02em; margin: 0.75rem 0; }
        .primary-button { display: block; font-weight: 600; text-decoration: none; border-radius: var(--button-radius); padding: 0.9rem 1rem;
          background: var(--button-bg-light); color: var(--button-fg-light); }
        .primary-button:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; }
        @media (prefers-color-scheme: dark) { .primary-button { background: var(--button-bg-dark); color: var(--button-fg-dark); } }
        body.showcase .languages { max-width: 34rem; padding: 0 0 1rem; }
        @media (min-width: 40rem) {
          body.showcase { background: var(--backdrop); padding: 3rem 1.5rem; }
          .pushed-card { padding: 0 2.5rem 2.5rem; border-radius: 24px;
            box-shadow: 0 1px 2px rgba(0, 0, 0, 0.08), 0 12px 40px rgba(0, 0, 0, 0.12); }
          .pushed-bar { margin: 0 -2.5rem; padding: 0.75rem 1.75rem; border-radius: 24px 24px 0 0; }
          .sheet { padding-left: 2.5rem; padding-right: 2.5rem; border-radius: 24px;
            box-shadow: 0 1px 2px rgba(0, 0, 0, 0.08), 0 12px 40px rgba(0, 0, 0, 0.12); }
        }
        @media (max-width: 39.99rem) {
          body.showcase .languages { padding: 1rem 1.25rem 0.5rem; }
          .pushed-card { min-height: 100vh; }
          .sheet { min-height: 100vh; }
          .sheet-footer { margin-top: auto; }
          .sheet-title { font-size: 1.9rem; }
        }

        @media print {
          :root { --bg: #ffffff; --fg: #000000; --muted: #333333; --panel: #f2f2f2; --line: #cccccc; }
          body.showcase { background: #ffffff; padding: 0; }
          .skip-link, .version-index, .primary-button, .permalink-mark, .languages, .pushed-bar { display: none; }
          body.showcase { display: flex; flex-direction: column; }
          .pushed-page, .pushed-page:not(:target) { display: block; order: 1; }
          .pushed-page:target ~ main { display: flex; }
          .pushed-card { max-width: none; min-height: 0; padding: 0; box-shadow: none; }
          .site-header { padding-top: 0; }
          .page-layout { display: block; }
          .version { break-inside: auto; }
          .version-header, .feature { break-inside: avoid; }
          .version-header { break-after: avoid; }
          .sheet { box-shadow: none; }
          .sheet-footer { position: static; box-shadow: none; }
          main a[href^="http"]:not(.autolink)::after, main a[href^="mailto"]:not(.autolink)::after { content: " (" attr(href) ")"; font-size: 0.85em; color: var(--muted); }
          details::details-content { content-visibility: visible; display: block; }
          details > summary { list-style: none; }
        }

        """
    }
}
