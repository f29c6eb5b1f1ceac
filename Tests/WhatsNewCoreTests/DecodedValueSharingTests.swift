import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// What a decoded manifest shares instead of holding twice: a long manifest's values are most of the memory a
/// run takes, so a copy of them (or of the same value on every feature) is a measurable part of its peak.
final class DecodedValueSharingTests: XCTestCase {
    /// The manifest of `text`, whose diagnostics must be `expected`.
    private func manifest(_ text: String, expecting expected: [String] = []) throws -> Manifest {
        let engine = DiagnosticEngine()
        let manifest = try Compiler().load(contents: Array(text.utf8), name: "notes.yaml", engine: engine)
        XCTAssertEqual(engine.diagnostics.map(\.code), expected)
        return try XCTUnwrap(manifest)
    }

    private func versions(_ numbers: [String]) -> String {
        "versions:\n" + numbers.map { "  - version: \($0)\n    features:\n      - title: Change in \($0)\n" }.joined()
    }

    private func address<Element>(of array: [Element]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    func testSortedVersionsOfVersionsWrittenNewestFirstAreTheVersionsThemselves() throws {
        let manifest = try manifest(versions(["2.0.0", "1.10.0", "1.2.0", "1.0.0"]))
        let sorted = manifest.sortedVersions
        XCTAssertEqual(sorted.map(\.versionText), ["2.0.0", "1.10.0", "1.2.0", "1.0.0"])
        XCTAssertEqual(address(of: sorted), address(of: manifest.versions), "the entries are not copied")
    }

    func testVersionsOfOnePrecedenceKeepTheirWrittenOrderAsTheStableSortKeepsIt() throws {
        // (Two versions of one precedence are an error, but the manifest is still read, and its outputs checked.)
        let written = try manifest(versions(["2.0.0", "1.2.0+7", "1.2.0+3", "1.0.0"]), expecting: ["duplicate-version"])
        XCTAssertEqual(written.sortedVersions.map(\.versionText), ["2.0.0", "1.2.0+7", "1.2.0+3", "1.0.0"])
        XCTAssertEqual(address(of: written.sortedVersions), address(of: written.versions))
        let unsorted = try manifest(versions(["1.0.0", "1.2.0+7", "2.0.0", "1.2.0+3"]), expecting: ["duplicate-version"])
        XCTAssertEqual(unsorted.sortedVersions.map(\.versionText), ["2.0.0", "1.2.0+7", "1.2.0+3", "1.0.0"])
    }

    func testSortedVersionsOfVersionsInAnotherOrderAreSorted() throws {
        let manifest = try manifest(versions(["1.2.0", "2.0.0", "1.0.0", "1.10.0"]))
        XCTAssertEqual(manifest.sortedVersions.map(\.versionText), ["2.0.0", "1.10.0", "1.2.0", "1.0.0"])
        XCTAssertEqual(manifest.versions.map(\.versionText), ["1.2.0", "2.0.0", "1.0.0", "1.10.0"], "the manifest keeps its order")
    }

    func testFeaturesWithTheSamePlatformsShareOneList() throws {
        let manifest = try manifest("""
            versions:
              - version: 2.0.0
                features:
                  - { title: One, platforms: [ios, web] }
                  - { title: Two, platforms: [macos] }
              - version: 1.0.0
                features:
                  - { title: Three, platforms: [ios, web] }
                  - { title: Four }
                  - { title: Five, platforms: [web, ios] }
            """)
        let features = manifest.versions.flatMap(\.features)
        XCTAssertEqual(features.map(\.platforms), [["ios", "web"], ["macos"], ["ios", "web"], [], ["web", "ios"]])
        XCTAssertEqual(address(of: features[0].platforms), address(of: features[2].platforms), "one list for both")
        XCTAssertNotEqual(address(of: features[0].platforms), address(of: features[4].platforms), "another order is another list")
    }

    func testPlatformListsPastTheLimitAreUsedAsTheyAre() {
        let lists = PlatformLists()
        for number in 0..<PlatformLists.limit { _ = lists.shared(["p\(number)"]) }
        let first = ["p0"]
        XCTAssertEqual(address(of: lists.shared(first)), address(of: lists.shared(["p0"])), "a kept list is shared")
        XCTAssertNotEqual(address(of: lists.shared(first)), address(of: first), "by the copy kept first")
        let late = ["late"]
        XCTAssertEqual(lists.shared(late), ["late"])
        XCTAssertEqual(address(of: lists.shared(late)), address(of: late), "past the limit, a list is its own")
    }
}
