import XCTest
@testable import YAMLTree

/// The YAML 1.2 core schema: what plain scalars resolve to, and numbers that must never trap.
final class YAMLScalarTests: XCTestCase {
    func testCoreSchemaResolution() {
        let table: [(String, YAMLScalar.Kind)] = [
            ("", .null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null), ("nULL", .string),
            ("true", .bool), ("True", .bool), ("FALSE", .bool), ("yes", .string), ("no", .string), ("NO", .string),
            ("on", .string), ("off", .string), ("y", .string),
            ("0", .int), ("-12", .int), ("+7", .int), ("0777", .int), ("0x1F", .int), ("0o17", .int), ("0x", .string),
            ("0o8", .string), ("1.10", .float), ("2.0", .float), (".5", .float), ("1.", .float), ("1e999", .float),
            ("-1E-3", .float), ("1e", .string), (".inf", .float), ("-.Inf", .float), (".nan", .float), (".NaN", .float),
            ("12:30:45", .string), ("1.2.3", .string), ("v1", .string), ("-", .string), (".", .string), ("+", .string),
            ("1_000", .string), ("Trails", .string),
        ]
        for (text, kind) in table {
            XCTAssertEqual(YAMLScalar.resolve(text), kind, "'\(text)'")
        }
    }

    func testLiteralTextIsKept() {
        let scalar = YAMLScalar(plain: "1.10")
        XCTAssertEqual(scalar.text, "1.10")
        XCTAssertEqual(scalar.doubleValue, 1.1)
    }

    func testHugeNumbersNeverTrap() {
        XCTAssertNil(YAMLScalar(plain: "123456789012345678901234567890").intValue)
        XCTAssertEqual(YAMLScalar(plain: "123456789012345678901234567890").doubleValue, 1.2345678901234568e29)
        XCTAssertEqual(YAMLScalar(plain: "1e999").doubleValue, .infinity)
        XCTAssertEqual(YAMLScalar(plain: "-.inf").doubleValue, -.infinity)
        XCTAssertTrue(YAMLScalar(plain: ".nan").doubleValue?.isNaN ?? false)
        XCTAssertEqual(YAMLScalar(plain: "0x1F").intValue, 31)
        XCTAssertEqual(YAMLScalar(plain: "-0o17").intValue, nil, "the core schema has no signed octal")
        XCTAssertEqual(YAMLScalar(plain: "-12").intValue, -12)
        XCTAssertNil(YAMLScalar(plain: "0x8000000000000000").intValue)
    }

    func testBooleans() {
        XCTAssertEqual(YAMLScalar(plain: "True").boolValue, true)
        XCTAssertEqual(YAMLScalar(plain: "false").boolValue, false)
        XCTAssertNil(YAMLScalar(plain: "yes").boolValue)
    }
}
