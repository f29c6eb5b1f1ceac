import Foundation
@testable import WhatsNewCore
@testable import WhatsNewModel
@testable import WhatsNewRender

/// The JSON output read back, by a reader independent of the writer (Foundation's `JSONDecoder`), into the
/// view model every emitter reads (`ReleaseNotes`).
///
/// "The same model" means equal `ReleaseNotes` in everything the JSON carries: the app and its icon, the
/// locale, the accent color, and every version with its canonical version, build metadata, anchor, date,
/// title and its color, features (id, anchor, image kind, glyph, colors, rendering modes, alt text,
/// platforms), both actions with their haptics and kinds, and all 13 layout values. Texts compare as their Markdown source
/// (the JSON's `plain` and `html` are renderings of it). Two things are left out on purpose: an image file's
/// resolved path (where the manifest happened to be, not part of the notes) and `defaultLocale` (an input
/// to picking each text's locale, which the texts already reflect).
struct ReadBackNotes: Equatable {
    var appID: String?
    var appName: String?
    var appURL: String?
    var appIcon: ReleaseNotes.Image?
    var locale: String?
    var accentColor: String
    var versions: [ReleaseNotes.Version]

    /// The model, without what the JSON does not carry.
    init(_ notes: ReleaseNotes) {
        appID = notes.appID
        appName = notes.appName
        appURL = notes.appURL
        appIcon = notes.appIcon.map(Self.withoutDirectory)
        locale = notes.locale
        accentColor = notes.accentColor
        versions = notes.versions.map { version in
            var version = version
            version.languages = ReleaseNotes.TextLanguages()
            version.features = version.features.map { feature in
                var feature = feature
                feature.image = feature.image.map(Self.withoutDirectory)
                return feature
            }
            return version
        }
    }

    /// An image without the directory of its file and the language of its alt text (which the JSON does not carry).
    private static func withoutDirectory(_ image: ReleaseNotes.Image) -> ReleaseNotes.Image {
        var image = image
        if image.altLanguage != nil { image.altLanguage = nil }
        if case .file(let path, _) = image.kind { image.kind = .file(path: path, directory: "") }
        return image
    }

    /// The model the JSON output describes.
    init(json: String) throws {
        let output = try JSONDecoder().decode(Output.self, from: Data(json.utf8))
        guard output.formatVersion == JSONEmitter.formatVersion else { throw ReadError("formatVersion \(output.formatVersion)") }
        appID = output.app?.id
        appName = output.app?.name
        appURL = output.app?.url
        appIcon = try output.app?.icon?.model()
        locale = output.locale
        accentColor = output.accentColor
        versions = try output.versions.map { try $0.model() }
    }

    struct ReadError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: The JSON, as the output schema describes it

    private struct Output: Decodable {
        let formatVersion: Int
        let app: App?
        let locale: String?
        let accentColor: String
        let versions: [Version]
    }

    private struct App: Decodable {
        let id: String?
        let name: String?
        let url: String?
        let icon: ImageValue?
    }

    private struct Text: Decodable {
        let markdown: String
        let plain: String
        let html: String
    }

    private struct Version: Decodable {
        let version: String
        let build: String?
        let prerelease: Bool
        let date: String?
        let anchor: String
        let title: Text
        let titleColor: String?
        let features: [Feature]
        let primaryAction: Primary
        let secondaryAction: Secondary?
        let layout: LayoutValues

        func model() throws -> ReleaseNotes.Version {
            guard case .success(let parsed) = SemanticVersion.parse(version + (build.map { "+" + $0 } ?? "")) else {
                throw ReadError("version '\(version)' build '\(build ?? "")'")
            }
            guard parsed.description == version, parsed.isPrerelease == prerelease else { throw ReadError("version '\(version)' is not canonical") }
            let secondary = try secondaryAction.map { action -> ReleaseNotes.SecondaryAction in
                let kind: ReleaseNotes.SecondaryAction.Kind
                switch (action.openURL, action.present, action.dismiss, action.custom) {
                case (let url?, nil, nil, nil): kind = .openURL(url)
                case (nil, let page?, nil, nil): kind = .present(title: page.title?.markdown, body: page.body.markdown)
                case (nil, nil, true?, nil): kind = .dismiss
                case (nil, nil, nil, let identifier?): kind = .custom(identifier)
                default: throw ReadError("a secondary action needs exactly one kind")
                }
                return ReleaseNotes.SecondaryAction(title: action.title.markdown, foregroundColor: action.foregroundColor,
                                                    hapticFeedback: action.hapticFeedback?.model, kind: kind)
            }
            return ReleaseNotes.Version(
                version: parsed, displayVersion: parsed.displayDescription, anchor: anchor, date: date, title: title.markdown,
                titleColor: titleColor, features: try features.enumerated().map { try $1.model(versionAnchor: anchor, index: $0) },
                primaryAction: ReleaseNotes.PrimaryAction(title: primaryAction.title.markdown, backgroundColor: primaryAction.backgroundColor,
                                                          foregroundColor: primaryAction.foregroundColor,
                                                          hapticFeedback: primaryAction.hapticFeedback?.model),
                secondaryAction: secondary, layout: layout.model)
        }
    }

    private struct Feature: Decodable {
        let id: String?
        let anchor: String
        let image: ImageValue?
        let title: Text
        let subtitle: Text
        let platforms: [String]

        /// The feature at `index` of the version whose anchor is `versionAnchor`, which its own anchor must be made of.
        func model(versionAnchor: String, index: Int) throws -> ReleaseNotes.Feature {
            let feature = ReleaseNotes.Feature(id: id, versionAnchor: versionAnchor, index: index, image: try image?.model(),
                                               title: title.markdown, subtitle: subtitle.markdown, platforms: platforms)
            guard feature.anchor == anchor else { throw ReadError("feature anchor '\(anchor)', expected '\(feature.anchor)'") }
            return feature
        }
    }

    private struct ImageValue: Decodable {
        let systemName: String?
        let emoji: String?
        let file: String?
        let glyph: String
        let foregroundColor: String?
        let renderingMode: String?
        let symbolRenderingMode: String?
        let alt: Text

        func model() throws -> ReleaseNotes.Image {
            let kind: ReleaseNotes.Image.Kind
            switch (systemName, emoji, file) {
            case (let name?, nil, nil): kind = .symbol(name: name, glyph: glyph)
            case (nil, let emoji?, nil) where glyph == emoji: kind = .emoji(emoji)
            case (nil, nil, let path?): kind = .file(path: path, directory: "")
            default: throw ReadError("an image needs exactly one of systemName, emoji, file, and its glyph")
            }
            // A file's glyph is the emoji declared beside it, or '•'.
            let fileEmoji: String? = file != nil && glyph != SymbolGlyphs.fallback ? glyph : nil
            return ReleaseNotes.Image(kind: kind, color: foregroundColor, renderingMode: renderingMode,
                                      symbolRenderingMode: symbolRenderingMode, alt: alt.markdown, emoji: fileEmoji)
        }
    }

    private struct Primary: Decodable {
        let title: Text
        let backgroundColor: String
        let foregroundColor: String
        let hapticFeedback: Haptic?
    }

    private struct Page: Decodable {
        let title: Text?
        let body: Text
    }

    private struct Secondary: Decodable {
        let title: Text
        let foregroundColor: String
        let hapticFeedback: Haptic?
        let openURL: String?
        let present: Page?
        let dismiss: Bool?
        let custom: String?
    }

    /// `"selection"`, `{"notification": …}` or `{"impact": {"style"?, "intensity"?}}`.
    private struct Haptic: Decodable {
        let model: HapticFeedback

        private struct Impact: Decodable {
            let style: HapticFeedback.ImpactStyle?
            let intensity: Double?
        }

        private enum Keys: String, CodingKey { case notification, impact }

        init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                guard name == "selection" else { throw ReadError("haptic '\(name)'") }
                model = .selection
                return
            }
            let container = try decoder.container(keyedBy: Keys.self)
            if let kind = try container.decodeIfPresent(HapticFeedback.Notification.self, forKey: .notification) {
                model = .notification(kind)
            } else {
                let impact = try container.decode(Impact.self, forKey: .impact)
                model = .impact(style: impact.style, intensity: impact.intensity)
            }
        }
    }

    private struct Insets: Decodable {
        let top, leading, bottom, trailing: Double
        var model: EdgeInsets { EdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing) }
    }

    private struct LayoutValues: Decodable {
        let showsScrollViewIndicators: Bool
        let scrollViewBottomContentInset, contentSpacing, featureListSpacing, featureImageWidth, featureHorizontalSpacing: Double
        let featureVerticalSpacing, footerActionSpacing, footerPrimaryActionButtonCornerRadius: Double
        let contentPadding, featureListPadding, footerVisualEffectViewPadding: Insets
        let featureHorizontalAlignment: Layout.HorizontalAlignment

        var model: Layout {
            var layout = Layout()
            layout.showsScrollViewIndicators = showsScrollViewIndicators
            layout.scrollViewBottomContentInset = scrollViewBottomContentInset
            layout.contentSpacing = contentSpacing
            layout.contentPadding = contentPadding.model
            layout.featureListSpacing = featureListSpacing
            layout.featureListPadding = featureListPadding.model
            layout.featureImageWidth = featureImageWidth
            layout.featureHorizontalSpacing = featureHorizontalSpacing
            layout.featureHorizontalAlignment = featureHorizontalAlignment
            layout.featureVerticalSpacing = featureVerticalSpacing
            layout.footerActionSpacing = footerActionSpacing
            layout.footerPrimaryActionButtonCornerRadius = footerPrimaryActionButtonCornerRadius
            layout.footerVisualEffectViewPadding = footerVisualEffectViewPadding.model
            return layout
        }
    }
}

extension HapticFeedback.ImpactStyle: Decodable {}
extension HapticFeedback.Notification: Decodable {}
extension Layout.HorizontalAlignment: Decodable {}
