import Foundation
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import Markdown
@testable import WhatsNewModel
@testable import WhatsNewRender

/// A long manifest's versions are resolved in two halves at once; each must be the version a selection of
/// that version alone resolves (on the calling thread), in the same order.
final class ReleaseNotesTests: XCTestCase {
    func testVersionsResolvedInTwoHalvesAreThoseResolvedOneByOne() throws {
        for count in [ReleaseNotes.versionsForTwoThreads - 1, ReleaseNotes.versionsForTwoThreads,
                      ReleaseNotes.versionsForTwoThreads + 1, 301] {
            let manifest = try ManyVersionsManifest.load(count)
            let notes = ReleaseNotes(manifest)
            XCTAssertEqual(notes.versions.map(\.displayVersion), (0..<count).reversed().map { "3.\($0).0" })
            for version in notes.versions {
                let alone = ReleaseNotes(manifest, selection: Selection(release: version.version))
                XCTAssertEqual(alone.versions, [version], "\(count) versions: \(version.displayVersion)")
            }
            let features = notes.versions.flatMap(\.features)
            let logo = try XCTUnwrap(features.first { if case .file = $0.image?.kind { true } else { false } })
            XCTAssertEqual(logo.image?.alt, "Trails logo", "an image's own alt text")
            XCTAssertEqual(features.first { $0.image?.glyph == "🥾" }?.image?.alt, "Hiking boot")
            let star = try XCTUnwrap(features.first { if case .symbol("star.fill", _) = $0.image?.kind { true } else { false } })
            XCTAssertEqual(star.image?.alt, star.title, "no alt text: the feature's title")
            XCTAssertEqual(notes.versions.last?.features.first?.anchor, "v3.0.0-feature-0-of-0")
            XCTAssertEqual(notes.versions.first { $0.displayVersion == "3.1.0" }?.features.first?.anchor, "v3.1.0-feature-1")
        }
    }

    func testAnImageChangedForOneFeatureStaysTheSameForTheFeaturesItWasSharedWith() throws {
        let features = ReleaseNotes(try ManyVersionsManifest.load(10)).versions.flatMap(\.features)
        let stars = features.filter { if case .symbol("star.fill", _) = $0.image?.kind { true } else { false } }
        XCTAssertGreaterThan(stars.count, 1)
        var changed = try XCTUnwrap(stars.first?.image)
        let unchanged = try XCTUnwrap(stars.last?.image)
        XCTAssertEqual(changed.color, unchanged.color)
        changed.color = "#123456"
        changed.kind = .emoji("⭐")
        XCTAssertEqual(changed.color, "#123456")
        XCTAssertEqual(changed.kind, .emoji("⭐"))
        XCTAssertEqual(stars.last?.image?.color, unchanged.color)
        XCTAssertEqual(stars.last?.image?.kind, unchanged.kind)
        XCTAssertNotEqual(changed, unchanged)
        changed.color = unchanged.color
        changed.kind = unchanged.kind
        changed.alt = unchanged.alt
        XCTAssertEqual(changed, unchanged, "images are equal by value")
        XCTAssertEqual(changed.hashValue, unchanged.hashValue)
    }

    private func notes(_ text: String, selection: Selection = Selection()) throws -> ReleaseNotes {
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(Compiler().load(contents: Array(text.utf8), name: "icon.yaml", engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        return ReleaseNotes(manifest, selection: selection)
    }

    /// `app.icon` is resolved as a feature's image is, its alt text defaulting to the app's name (as Markdown
    /// source: the name's own characters, never Markdown), or to "" without one.
    func testTheAppIconIsResolvedLikeAFeatureImage() throws {
        let registry = """
        images:
          boot: { emoji: "🥾" }
          logo: { systemName: star.fill, foregroundColor: orange, alt: { en: Trails logo, de: Trails-Logo } }
        versions: [{ version: 1.0.0, features: [{ image: boot, title: Boots, subtitle: s }, { image: logo, title: Logo, subtitle: s }] }]
        """
        let byName = try notes("app: { name: \"Trails *Pro*\", icon: boot }\n" + registry)
        XCTAssertEqual(byName.appIcon?.kind, .emoji("🥾"))
        XCTAssertEqual(byName.appIcon?.alt, "Trails \\*Pro\\*")
        XCTAssertEqual(byName.appIcon.map { PlainTextRenderer.render(MarkdownText(parsing: $0.alt)) }, "Trails *Pro*")
        XCTAssertEqual(byName.versions.first?.features.first?.image?.alt, "Boots", "the feature showing the same image keeps its title")

        let ownAlt = try notes("app: { name: Trails, icon: logo }\n" + registry, selection: Selection(locale: "de"))
        XCTAssertEqual(ownAlt.appIcon, ReleaseNotes.Image(kind: .symbol(name: "star.fill", glyph: "⭐"), color: "orange", renderingMode: nil,
                                                          symbolRenderingMode: nil, alt: "Trails-Logo"))
        XCTAssertEqual(ownAlt.versions.first?.features.last?.image, ownAlt.appIcon)

        let nameless = try notes("app: { icon: { systemName: bolt.fill, foregroundColor: red, renderingMode: template } }\n" + registry)
        XCTAssertEqual(nameless.appIcon, ReleaseNotes.Image(kind: .symbol(name: "bolt.fill", glyph: "⚡"), color: "red", renderingMode: "template",
                                                            symbolRenderingMode: nil, alt: ""))
        XCTAssertNil(try notes("app: { name: Trails }\n" + registry).appIcon)
        XCTAssertNil(try notes(registry).appIcon)

        var unresolved = Manifest()
        unresolved.app = AppInfo(name: "Trails", icon: .key("missing", nil))
        XCTAssertNil(ReleaseNotes(unresolved).appIcon, "an unknown key resolves to no icon, as for a feature")
    }

    /// The JSON output writes the resolved icon as it writes a feature's image, and null without one.
    func testTheJSONOutputHoldsTheAppIcon() throws {
        func app(_ text: String) throws -> [String: Any] {
            let json = JSONEmitter().emit(try notes(text + "versions: [{ version: 1.0.0, features: [{ title: Maps }] }]\n"))
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try XCTUnwrap(object["app"] as? [String: Any])
        }
        let icon = try XCTUnwrap(app("app: { name: Trails, icon: { emoji: \"🥾\" } }\n")["icon"] as? [String: Any])
        XCTAssertEqual(icon["emoji"] as? String, "🥾")
        XCTAssertEqual(icon["glyph"] as? String, "🥾")
        XCTAssertEqual((icon["alt"] as? [String: Any])?["plain"] as? String, "Trails")
        XCTAssertTrue(try app("app: { name: Trails }\n")["icon"] is NSNull)
    }
}
