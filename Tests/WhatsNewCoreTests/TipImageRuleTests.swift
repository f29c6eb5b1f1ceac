import Foundation
import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewModel

/// A tip's `file:` image is checked exactly as a feature's (issue 26, item 6): each path problem with a tip
/// image that triggers it, at the path's value, and one that does not.
final class TipImageRuleTests: XCTestCase {
    /// Read as a file in `Fixtures/`, so that `assets/logo.svg` exists.
    private static let name = Paths.fixtures.path + "/tips.yaml"

    /// A manifest whose one tip shows `image` (on line 6, from column 12).
    private func manifest(image: String) -> String {
        """
        versions:
          - version: 1.0.0
            features: [{ title: A, subtitle: a }]
        tips:
          - id: hint
            image: \(image)
            title: Try it
        """
    }

    /// "line:column code" of each diagnostic the image file rule reports, in the file `name`.
    private func found(_ text: String, name: String = TipImageRuleTests.name) -> [String] {
        RuleTesting.diagnostics(of: MissingImageFileRule(), in: text, name: name).map { diagnostic in
            XCTAssertEqual(diagnostic.file?.name, name)
            return "\(diagnostic.range?.start.line ?? 0):\(diagnostic.range?.start.column ?? 0) \(diagnostic.code)"
        }
    }

    func testATipImageInsideTheDirectoryIsRead() {
        XCTAssertEqual(found(manifest(image: "{ file: assets/logo.svg }")), [])
        XCTAssertEqual(found(manifest(image: "{ file: assets/../assets/logo.svg }")), [])
    }

    func testATipImageLeadingOutWithDotDotIsOutsideTheRoot() {
        XCTAssertEqual(found(manifest(image: "{ file: ../Package.swift }")), ["6:20 image-outside-root"])
        XCTAssertEqual(found(manifest(image: "{ file: assets/../../Package.swift }")), ["6:20 image-outside-root"])
    }

    func testAnAbsoluteTipImagePathIsInvalid() {
        XCTAssertEqual(found(manifest(image: "{ file: /etc/passwd.png }")), ["6:20 invalid-image-path"])
        XCTAssertEqual(found(manifest(image: "{ file: \"etc/passwd.png\" }")), ["6:20 missing-image-file"], "relative: only missing")
    }

    func testAControlCharacterInATipImagePathIsInvalid() {
        XCTAssertEqual(found(manifest(image: #"{ file: "assets/logo.svg\0.png" }"#)), ["6:20 invalid-image-path"])
        XCTAssertEqual(found(manifest(image: #"{ file: "assets/\e[2J.svg" }"#)), ["6:20 invalid-image-path"])
        XCTAssertEqual(found(manifest(image: #"{ file: "assets/logo.svg" }"#)), [])
    }

    func testATipImageThroughALinkLeadingOutIsOutsideTheRootAndOneInsideIsFollowed() throws {
        let directory = try TemporaryDirectory("tip-image")
        try directory.write("m/assets/logo-v2.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
        try directory.symlink("m/assets/inside.svg", to: "logo-v2.svg")
        try directory.write("secret.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
        try directory.symlink("m/assets/outside.svg", to: "../../secret.svg")
        try directory.symlink("m/assets/up", to: "../..")
        let name = directory.path("m/notes.yaml")
        XCTAssertEqual(found(manifest(image: "{ file: assets/outside.svg }"), name: name), ["6:20 image-outside-root"])
        XCTAssertEqual(found(manifest(image: "{ file: assets/up/secret.svg }"), name: name), ["6:20 image-outside-root"])
        XCTAssertEqual(found(manifest(image: "{ file: assets/inside.svg }"), name: name), [])
    }

    func testARegistryImageUsedByATipIsCheckedOnce() {
        let text = """
            images:
              logo: { file: ../Package.swift }
            versions:
              - version: 1.0.0
                features: [{ title: A, subtitle: a }]
            tips:
              - { id: hint, image: logo, title: Try it }
            """
        XCTAssertEqual(found(text), ["2:17 image-outside-root"])
    }
}
