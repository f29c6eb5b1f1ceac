import XCTest
@testable import WhatsNewCore

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
}
