import XCTest
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel

/// `duplicate-feature-id` compares ids as they are kept, where the input writes them: an id is the same however
/// it is written (plain, quoted, with escapes), and ids that differ in any byte are different.
final class DuplicateFeatureIDRuleTests: XCTestCase {
    private func messages(_ ids: [String]) -> [String] {
        var text = "versions:\n"
        for (index, id) in ids.enumerated() {
            text += "  - version: 1.\(index).0\n    features:\n      - { id: \(id), title: T\(index) }\n"
        }
        return RuleTesting.diagnostics(of: DuplicateFeatureIDRule(), in: text).map(\.message)
    }

    func testTheSameIdWrittenInEveryStyleIsADuplicate() {
        let found = messages(["offline-maps", "\"offline-maps\"", "'offline-maps'", "\"offline\\x2Dmaps\""])
        XCTAssertEqual(found.count, 3, "\(found)")
        XCTAssertTrue(found.allSatisfy { $0.hasPrefix("duplicate feature id 'offline-maps'") }, "\(found)")
    }

    func testIdsThatDifferInAnyByteAreNot() {
        XCTAssertEqual(messages(["offline-maps", "offline-mapz", "Offline-maps", "offline-maps-2", "\"offline-map\""]), [])
    }

    func testIdsAreComparedAsAnchorsAreWithoutUnicodeNormalization() {
        // Two spellings of "café" that Swift's strings call equal are two anchors in a page.
        XCTAssertEqual(messages(["\"caf\\u00E9\"", "\"cafe\\u0301\""]), [])
        XCTAssertEqual(messages(["\"caf\\u00E9\"", "café"]).count, 1)
    }

    func testANumberIdIsComparedAsWritten() {
        XCTAssertEqual(messages(["12", "\"12\""]).count, 1)
        XCTAssertEqual(messages(["12", "12.0"]), [])
    }
}
