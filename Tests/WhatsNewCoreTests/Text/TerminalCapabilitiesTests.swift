import XCTest
@testable import WhatsNewCore

final class TerminalCapabilitiesTests: XCTestCase {
    func testDetection() {
        XCTAssertEqual(TerminalCapabilities.detect(useColor: false, environment: ["COLORTERM": "truecolor"]), .plain)
        let truecolor = TerminalCapabilities.detect(useColor: true, environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"])
        XCTAssertEqual(truecolor.colorDepth, .trueColor)
        XCTAssertTrue(truecolor.usesHyperlinks)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["COLORTERM": "24bit"]).colorDepth, .trueColor)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "xterm"]).colorDepth, .ansi256)
        XCTAssertFalse(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "linux"]).hyperlinks)
        XCTAssertFalse(TerminalCapabilities.detect(useColor: true, environment: ["FORCE_HYPERLINK": "0"]).hyperlinks)
        XCTAssertTrue(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "linux", "FORCE_HYPERLINK": "1"]).hyperlinks)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["COLORFGBG": "0;15"]).appearance, .light)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["COLORFGBG": "15;0"]).appearance, .dark)
        XCTAssertFalse(TerminalCapabilities(colorDepth: .none, hyperlinks: true).usesHyperlinks)
    }
}
