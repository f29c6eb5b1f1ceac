import XCTest
@testable import JSONSchema

/// `properties` found by a key's bytes (issue 28: no string made per key): the first of two equal names, none
/// for a name that is not there, whatever the number of names.
final class PropertyTableTests: XCTestCase {
    private func lookup(_ table: PropertyTable, _ name: String) -> Int? {
        Array(name.utf8).withUnsafeBufferPointer { table.schema(utf8: $0) }
    }

    func testFindsEachNameAndNothingElse() {
        let names = ["title", "", "é", "titles", "titl", "emoji", "a/b", "\u{1F600}"]
        let table = PropertyTable(names.enumerated().map { (name: $1, schema: $0 + 10) })
        for (index, name) in names.enumerated() { XCTAssertEqual(lookup(table, name), index + 10, name) }
        for absent in ["Title", "tit", "titlex", "e", " ", "emoji "] { XCTAssertNil(lookup(table, absent), absent) }
        XCTAssertNil(lookup(PropertyTable([]), "title"))
    }

    func testTheFirstOfTwoEqualNamesWins() {
        let table = PropertyTable([(name: "a", schema: 1), (name: "b", schema: 2), (name: "a", schema: 3)])
        XCTAssertEqual(lookup(table, "a"), 1)
        XCTAssertEqual(lookup(table, "b"), 2)
    }

    func testManyNames() {
        let names = (0..<5_000).map { "key\($0)" }
        let table = PropertyTable(names.enumerated().map { (name: $1, schema: $0) })
        for (index, name) in names.enumerated() { XCTAssertEqual(lookup(table, name), index) }
        XCTAssertNil(lookup(table, "key5000"))
        XCTAssertNil(lookup(table, "key"))
    }
}
