import XCTest
@testable import WhatsNewCore
@testable import WhatsNewModel

final class SemanticVersionTests: XCTestCase {
    func testSemVerSpecificationPrecedenceExample() throws {
        // SemVer 2.0.0, item 11: 1.0.0-alpha < 1.0.0-alpha.1 < 1.0.0-alpha.beta < 1.0.0-beta < 1.0.0-beta.2
        // < 1.0.0-beta.11 < 1.0.0-rc.1 < 1.0.0.
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
                       "1.0.0-rc.1", "1.0.0", "2.0.0", "2.1.0", "2.1.1"]
        let versions = try ordered.map { try XCTUnwrap(SemanticVersion($0), $0) }
        for (lower, higher) in zip(versions, versions.dropFirst()) {
            XCTAssertLessThan(lower, higher, "\(lower) < \(higher)")
            XCTAssertFalse(higher < lower)
        }
        XCTAssertEqual(versions.shuffled().sorted(), versions)
    }

    func testCanonicalFormAndBuildMetadata() throws {
        let table: [(String, String)] = [("1", "1.0.0"), ("1.2", "1.2.0"), ("v1.2.3", "1.2.3"), ("2.0", "2.0.0"), ("1.10", "1.10.0"),
                                         ("1.0.0-rc.1+build.5", "1.0.0-rc.1"), ("0.0.0", "0.0.0"), ("1.0.0-0A.is.legal", "1.0.0-0A.is.legal")]
        for (text, canonical) in table {
            XCTAssertEqual(try XCTUnwrap(SemanticVersion(text), text).description, canonical)
        }
        let built = try XCTUnwrap(SemanticVersion("1.2.3+exp.sha.5114f85"))
        XCTAssertEqual(built.displayDescription, "1.2.3+exp.sha.5114f85")
        XCTAssertEqual(built, SemanticVersion("1.2.3"), "build metadata is ignored in comparisons")
        XCTAssertEqual(built.hashValue, SemanticVersion("1.2.3")?.hashValue)
    }

    func testInvalidVersionsSayWhy() {
        let table: [(String, String)] = [
            ("01.2", "'01' has a leading zero"), ("1.2.3.4", "'1.2.3.4' has 4 numbers, not one to three"),
            ("1..2", "a number is missing between two dots"), ("latest", "'latest' is not a number"),
            // Issue 17: an empty version said "a number is missing between the dots".
            ("", "it is empty"), (" ", "it is only white space"), ("v", "no number follows the 'v'"),
            (".1", "a number is missing before the first dot"), ("1.", "a number is missing after the last dot"),
            ("1.0.0-01", "pre-release identifier '01' has a leading zero"), ("1.0.0-", "pre-release '' must be dot-separated [0-9A-Za-z-] identifiers"),
            ("1.0.0+", "build metadata '' must be dot-separated [0-9A-Za-z-] identifiers"), ("V1.0", "'V1' is not a number"),
            ("99999999999999999999", "'99999999999999999999' is too large"), ("1.0.0-bé", "pre-release 'bé' must be dot-separated [0-9A-Za-z-] identifiers"),
        ]
        for (text, reason) in table {
            guard case .failure(let failure) = SemanticVersion.parse(text) else {
                XCTFail("'\(text)' parsed")
                continue
            }
            XCTAssertEqual(failure.reason, reason, text)
        }
    }

    func testWhatsNewKitLenientReading() {
        let table: [(String, String)] = [("v1.2.3", "2.3.0"), ("1.2.3-beta.1", "1.2.1"), ("1.2", "1.2.0"), ("abc", "0.0.0"),
                                         ("1.2.3", "1.2.3"), ("", "0.0.0"), ("1.2.3.4", "1.2.3"), ("10", "10.0.0")]
        for (text, reading) in table {
            XCTAssertEqual(SemanticVersion.whatsNewKitReading(of: text).description, reading, text)
        }
    }

    func testMinorReleaseForPatchFallback() {
        XCTAssertEqual(SemanticVersion("1.1.1")?.minorRelease, SemanticVersion("1.1.0"))
    }
}
