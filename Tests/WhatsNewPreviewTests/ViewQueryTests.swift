import XCTest
@testable import WhatsNewPreview

/// The bar's choices, read from the query string and written back.
final class ViewQueryTests: XCTestCase {
    func testChoicesAreReadAndCheckedAndWrittenBack() {
        let query = ViewQuery(query: "locale=zh-Hans&version=1.2.0&width=100&scheme=dark&feed=rss&other=x")
        XCTAssertEqual(query.locale, "zh-Hans")
        XCTAssertEqual(query.version, "1.2.0")
        XCTAssertEqual(query.width, 100)
        XCTAssertEqual(query.scheme, .dark)
        XCTAssertEqual(query.feed, .rss)
        XCTAssertEqual(query.queryString, "locale=zh-Hans&version=1.2.0&width=100&scheme=dark&feed=rss")
    }

    func testValuesOutOfRangeKeepTheDefaults() {
        let query = ViewQuery(query: "width=5&scheme=blue&feed=appcast&locale=")
        XCTAssertNil(query.locale)
        XCTAssertEqual(query.width, 80)
        XCTAssertEqual(query.scheme, .light)
        XCTAssertEqual(query.feed, .atom)
        XCTAssertEqual(query.queryString, "")
    }

    func testValuesAreDecodedAndEncoded() {
        let query = ViewQuery(query: "locale=%22%3E%3Cscript%3E&version=a+b")
        XCTAssertEqual(query.locale, "\"><script>")
        XCTAssertEqual(query.version, "a b")
        XCTAssertEqual(query.queryString, "locale=%22%3E%3Cscript%3E&version=a%20b")
        XCTAssertNil(ViewQuery(query: "locale=%E0%A4").locale)
    }
}
