import TestSupport
import WhatsNewCore
import XCTest
@testable import WhatsNewPreview

/// `/files/…` serves the manifest's own files and nothing else: no path that climbs, no link out of the folder,
/// no other file of the folder.
final class ServedFilesTests: XCTestCase {
    func testComponentsRefuseEveryWayToClimb() {
        XCTAssertEqual(ServedFiles.components(of: "/files/notes.yaml"), ["notes.yaml"])
        XCTAssertEqual(ServedFiles.components(of: "/files/assets/logo%20big.svg"), ["assets", "logo big.svg"])
        for path in ["/files/", "/files/../secret", "/files/a/../../secret", "/files/%2e%2e/secret", "/files/%2E%2E/secret",
                     "/files/..%2fsecret", "/files/a%2F..%2F..%2Fsecret", "/files/./notes.yaml", "/files//etc/passwd",
                     "/files/a%00b", "/files/..%5csecret", "/files/%zz", "/notes.yaml"] {
            XCTAssertNil(ServedFiles.components(of: path), path)
        }
    }

    func testOnlyTheManifestsFilesAreServed() throws {
        let directory = try TemporaryDirectory("served")
        let notes = try directory.write("site/notes.yaml", "versions: []\n")
        _ = try directory.write("site/private.txt", "secret\n")
        let served = ServedFiles(root: directory.path("site"), files: [notes])
        XCTAssertEqual(try served.read("/files/notes.yaml").get(), Array("versions: []\n".utf8))
        XCTAssertEqual(served.read("/files/private.txt").failure, .notServed)
        XCTAssertEqual(served.read("/files/../site/notes.yaml").failure, .badPath)
    }

    func testALinkOutOfTheFolderIsNotFollowedEvenWhenTheManifestNamesIt() throws {
        let directory = try TemporaryDirectory("served-link")
        _ = try directory.write("outside/secret.png", "secret\n")
        _ = try directory.write("site/notes.yaml", "versions: []\n")
        try directory.symlink("site/logo.png", to: "../outside/secret.png")
        let served = ServedFiles(root: directory.path("site"), files: [directory.path("site/logo.png")])
        XCTAssertEqual(served.read("/files/logo.png").failure, .notServed)
    }

    func testALinkInsideTheFolderIsFollowed() throws {
        let directory = try TemporaryDirectory("served-inner-link")
        _ = try directory.write("site/assets/logo.svg", "<svg/>")
        try directory.symlink("site/logo.svg", to: "assets/logo.svg")
        let served = ServedFiles(root: directory.path("site"), files: [directory.path("site/logo.svg")])
        XCTAssertEqual(try served.read("/files/logo.svg").get(), Array("<svg/>".utf8))
    }

    func testTextIsNeverServedAsAPage() {
        XCTAssertEqual(ServedFiles.mediaType(of: "notes.html"), "text/plain; charset=utf-8")
        XCTAssertEqual(ServedFiles.mediaType(of: "notes.yaml"), "text/plain; charset=utf-8")
        XCTAssertEqual(ServedFiles.mediaType(of: "a/logo.PNG"), "image/png")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
