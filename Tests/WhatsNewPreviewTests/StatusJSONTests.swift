import Foundation
import XCTest
@testable import WhatsNewPreview

/// The strings the preview's page reads as JSON: they decode to exactly the text, and hold no raw `<`, `>`, `&`
/// or line separator, so they are inert wherever they land.
final class StatusJSONTests: XCTestCase {
    func testAStringDecodesToItsTextAndHoldsNoMarkupCharacterRaw() throws {
        let text = "<script>alert(1)</script> & \"quotes\" \\ \n\t\u{2028}\u{2029}\u{1B}[31m\u{202E}é 😀"
        let literal = StatusJSON.string(text)
        for raw in ["<", ">", "&", "\u{2028}", "\u{2029}", "\u{1B}", "\n"] {
            XCTAssertFalse(literal.contains(raw), "'\(raw.unicodeScalars.map { String($0.value, radix: 16) })' is written raw: \(literal)")
        }
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        XCTAssertEqual(decoded, [text])
    }
}
