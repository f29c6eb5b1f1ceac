import XCTest
@testable import WhatsNewCore
@testable import JSONSchema

/// `multipleOf` by the decimal digits numbers are written with, not by binary floating point.
final class DecimalNumberTests: XCTestCase {
    private func multiple(_ value: String, _ divisor: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let number = try XCTUnwrap(DecimalNumber(value), file: file, line: line)
        return number.isMultiple(of: try XCTUnwrap(DecimalNumber(divisor), file: file, line: line))
    }

    func testReadsDecimalLiterals() {
        XCTAssertEqual(DecimalNumber("-12.50e3"), DecimalNumber("-12500"))
        XCTAssertEqual(DecimalNumber("0.00"), DecimalNumber("0"))
        XCTAssertEqual(DecimalNumber("1.0"), DecimalNumber("1"))
        XCTAssertNil(DecimalNumber("0x1F"))
        XCTAssertNil(DecimalNumber(".inf"))
        XCTAssertNil(DecimalNumber("12345678901234567890123"), "more than 19 significant digits")
        XCTAssertNotNil(DecimalNumber("1234567890123456789000000"), "trailing zeros are an exponent")
    }

    func testMultiplesThatBinaryFloatingPointGetsWrong() throws {
        XCTAssertTrue(try multiple("0.0075", "0.0001"))
        XCTAssertTrue(try multiple("4.35", "0.01"))
        XCTAssertTrue(try multiple("19.99", "0.01"))
        XCTAssertFalse(try multiple("0.00751", "0.0001"))
        XCTAssertTrue(try multiple("1e308", "0.5"), "no overflow to infinity")
        XCTAssertFalse(try multiple("1e308", "0.123456789"))
        XCTAssertTrue(try multiple("-10", "2.5"))
        XCTAssertTrue(try multiple("0", "7"))
        XCTAssertFalse(try multiple("1e-30", "0.5"))
        XCTAssertTrue(try multiple("12391239123", "1e-8"))
    }

    func testTheEvaluatorUsesThem() {
        guard let validator = SchemaTesting.validator(#"{"multipleOf": 0.0001}"#) else { return }
        XCTAssertEqual(SchemaTesting.diagnostics("0.0075", validator).map(\.code), [])
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics("0.00751", validator)),
                       "1:1 schema-multipleOf expected a multiple of 0.0001 for the document, found '0.00751'")
    }
}
