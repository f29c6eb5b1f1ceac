import XCTest
@testable import WhatsNewCore
@testable import WhatsNewState

/// Which conflict copies one read takes (issue 26, item 3): the smallest first, within a budget of bytes, so
/// junk named like copies cannot keep a valid one out, and the work of a read is bounded however many there are.
final class ConflictCopySelectionTests: XCTestCase {
    private let valid = (path: "s/trails.sync-conflict-20261128-023000-ZZZZZZZ.json", size: 300)

    func testSmallJunkSortedFirstByNameDoesNotCrowdOutAValidCopy() {
        let junk = (1...40).map { (path: "s/trails (conflicted copy \($0)).json", size: 5) }
        let selection = ConflictCopies.select(junk + [valid])
        XCTAssertEqual(selection.waiting, 0)
        XCTAssertEqual(selection.paths.count, 41)
        XCTAssertTrue(selection.paths.contains(valid.path))
    }

    func testLargeJunkWaitsBehindSmallCopies() {
        let junk = (1...10).map { (path: "s/trails \($0 + 1).json", size: StateFileFormat.maxBytes) }
        let selection = ConflictCopies.select(junk + [valid])
        XCTAssertEqual(selection.paths.first, valid.path)
        XCTAssertEqual(selection.paths.count, 4, "the valid copy's minimum cost, then three of the largest copies fit in 16 MiB")
        XCTAssertEqual(selection.waiting, 7)
    }

    func testManyTinyFilesAreBoundedByTheMinimumCost() {
        let junk = (0..<10_000).map { (path: "s/trails-conflict-\($0).json", size: 0) }
        let selection = ConflictCopies.select(junk)
        XCTAssertEqual(selection.paths.count, ConflictCopies.maxBytesPerRead / ConflictCopies.minimumCost)
        XCTAssertEqual(selection.paths.count, 4096)
        XCTAssertEqual(selection.waiting, 10_000 - 4096)
    }

    func testAFileOverTheLimitCostsOnlyWhatReadingItTakes() {
        let huge = (path: "s/trails 2.json", size: Int.max)
        let selection = ConflictCopies.select([huge, valid])
        XCTAssertEqual(selection.paths, [valid.path, huge.path])
    }
}
