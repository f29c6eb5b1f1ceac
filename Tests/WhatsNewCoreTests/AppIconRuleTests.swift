import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewIO
@testable import WhatsNewModel

/// `app.icon` is an image reference exactly like a feature's `image`, and every rule that looks at feature
/// images looks at it too: each rule with an icon that triggers it (at the icon's position) and one that
/// does not.
final class AppIconRuleTests: XCTestCase {
    /// Read as a file in `Fixtures/`, so that `assets/logo.svg` exists.
    private static let name = Paths.fixtures.path + "/icon.yaml"

    /// A manifest whose app icon is `icon` (on line 3, from column 9), with two registry images and a title.
    private func manifest(icon: String, title: String = "What's New") -> String {
        """
        app:
          name: Trails
          icon: \(icon)
        images:
          logo: { file: assets/logo.svg }
          star: { systemName: star.fill }
        versions:
          - version: 1.0.0
            title: \(title)
            features: [{ image: star, title: A, subtitle: a }]
        """
    }

    /// "line:column code" of each diagnostic `rule` reports.
    private func found(_ rule: any ManifestRule, _ text: String) -> [String] {
        positions(diagnostics(rule, text))
    }

    private func positions(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.code)" }
    }

    private func diagnostics(_ rule: any ManifestRule, _ text: String) -> [Diagnostic] {
        RuleTesting.diagnostics(of: rule, in: text, name: Self.name)
    }

    func testAnUnknownIconKeyIsUnresolvedAtTheIconWithADidYouMean() throws {
        let found = diagnostics(UnresolvedReferenceRule(), manifest(icon: "logoo"))
        XCTAssertEqual(positions(found), ["3:9 unresolved-reference"])
        XCTAssertEqual(found.first?.message, "unknown image 'logoo'; did you mean 'logo'?")
        XCTAssertEqual(found.first?.fix, "use 'logo', or define 'logoo' under 'images'")
        XCTAssertEqual(self.found(UnresolvedReferenceRule(), manifest(icon: "logo")), [])
        XCTAssertEqual(self.found(UnresolvedReferenceRule(), manifest(icon: "{ emoji: \"🥾\" }")), [])
    }

    func testARegistryImageUsedOnlyAsTheIconIsUsed() {
        XCTAssertEqual(found(UnusedReferenceRule(), manifest(icon: "logo")), [])
        XCTAssertEqual(found(UnusedReferenceRule(), manifest(icon: "logoo")), [], "the key the typo meant counts as used")
        XCTAssertEqual(found(UnusedReferenceRule(), manifest(icon: "{ emoji: \"🥾\" }")), ["5:3 unused-reference"])
    }

    func testAnIconFileIsCheckedLikeAFeatureImageFile() {
        XCTAssertEqual(found(MissingImageFileRule(), manifest(icon: "{ file: assets/missing.svg }")), ["3:17 missing-image-file"])
        XCTAssertEqual(found(MissingImageFileRule(), manifest(icon: "{ file: ../Package.swift }")), ["3:17 image-outside-root"])
        XCTAssertEqual(found(MissingImageFileRule(), manifest(icon: "{ file: /etc/passwd.png }")), ["3:17 invalid-image-path"])
        XCTAssertEqual(found(MissingImageFileRule(), manifest(icon: "{ file: assets/logo.svg }")), [])
        let root = MissingImageFileRule(options: ImageFileOptions(assetsRoot: Paths.repositoryRoot.path))
        XCTAssertEqual(found(root, manifest(icon: "{ file: ../Schemas/whatsnew.schema.json }")), ["3:17 unsupported-image"],
                       "inside --assets-root, the file is read")
        XCTAssertEqual(found(root, manifest(icon: "{ file: ../../etc.svg }")), ["3:17 image-outside-root"])
    }

    func testIconColorsAreChecked() {
        let found = diagnostics(InvalidColorRule(), manifest(icon: "{ systemName: star.fill, foregroundColor: orang }"))
        XCTAssertEqual(positions(found), ["3:51 invalid-color"])
        XCTAssertEqual(found.first?.message, "unknown color 'orang' for the app icon; did you mean 'orange'?")
        XCTAssertEqual(self.found(InvalidColorRule(), manifest(icon: "{ systemName: star.fill, foregroundColor: \"#2E7D32\" }")), [])
    }

    func testIconAltTextIsCheckedLikeAFeatureImages() {
        let empty = diagnostics(EmptyTextRule(), manifest(icon: "{ emoji: \"🥾\", alt: \"\" }"))
        XCTAssertEqual(positions(empty), ["3:28 empty-text"])
        XCTAssertEqual(empty.first?.message, "the alt text of the app icon is empty; expected text")
        XCTAssertEqual(found(EmptyTextRule(), manifest(icon: "{ emoji: \"🥾\", alt: Trails }")), [])

        let localizedTitle = "{ en: What's New, de: Neuigkeiten }"
        XCTAssertEqual(found(MissingTranslationRule(), manifest(icon: "{ emoji: \"🥾\", alt: { en: Trails } }", title: localizedTitle)),
                       ["3:28 missing-translation"])
        XCTAssertEqual(found(MissingTranslationRule(), manifest(icon: "{ emoji: \"🥾\", alt: { en: Trails, de: Trails } }", title: localizedTitle)),
                       [])

        XCTAssertEqual(found(RefusedLinkRule(), manifest(icon: "{ emoji: \"🥾\", alt: \"[Trails](javascript:alert(1))\" }")),
                       ["3:38 refused-link"], "at the destination (issue 17)")
        XCTAssertEqual(found(RefusedLinkRule(), manifest(icon: "{ emoji: \"🥾\", alt: \"[Trails](https://example.com)\" }")), [])

        XCTAssertEqual(found(BlockMarkdownRule(), manifest(icon: "{ emoji: \"🥾\", alt: \"# Trails\" }")), ["3:28 block-markdown"])
        XCTAssertEqual(found(BlockMarkdownRule(), manifest(icon: "{ emoji: \"🥾\", alt: \"**Trails**\" }")), [])
    }

    /// An icon with errors is kept, as a feature's image is: its other values are still checked.
    func testAnIconWithErrorsIsStillChecked() {
        let text = manifest(icon: "{ emoji: \"🥾\", systemName: star, foregroundColor: orang, file: assets/missing.svg }")
        XCTAssertEqual(found(InvalidColorRule(), text), ["3:9 invalid-image", "3:58 invalid-color"])
        XCTAssertEqual(found(MissingImageFileRule(), text), ["3:9 invalid-image", "3:71 missing-image-file"])
    }
}
