import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import Markdown

final class TerminalCapabilitiesTests: XCTestCase {
    func testDetection() {
        XCTAssertEqual(TerminalCapabilities.detect(useColor: false, environment: ["COLORTERM": "truecolor"]), .plain)
        let truecolor = TerminalCapabilities.detect(useColor: true, environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color",
                                                                                  "TERM_PROGRAM": "iTerm.app"])
        XCTAssertEqual(truecolor.colorDepth, .trueColor)
        XCTAssertTrue(truecolor.usesHyperlinks)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["COLORTERM": "24bit"]).colorDepth, .trueColor)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "xterm"]).colorDepth, .ansi256)
        XCTAssertFalse(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "linux"]).hyperlinks)
        XCTAssertFalse(TerminalCapabilities.detect(useColor: true, environment: ["FORCE_HYPERLINK": "0", "TERM_PROGRAM": "iTerm.app"]).hyperlinks)
        XCTAssertTrue(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "linux", "FORCE_HYPERLINK": "1"]).hyperlinks)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["COLORFGBG": "0;15"]).appearance, .light)
        XCTAssertEqual(TerminalCapabilities.detect(useColor: true, environment: ["COLORFGBG": "15;0"]).appearance, .dark)
        XCTAssertFalse(TerminalCapabilities(colorDepth: .none, hyperlinks: true).usesHyperlinks)
    }

    /// OSC 8 only where it is known to work: elsewhere a link would show its text with nothing to follow.
    func testHyperlinksOnlyWhereTheyAreKnownToWork() {
        let known: [[String: String]] = [
            ["TERM_PROGRAM": "iTerm.app"], ["TERM_PROGRAM": "WezTerm"], ["TERM_PROGRAM": "vscode"], ["TERM_PROGRAM": "ghostty"],
            ["VTE_VERSION": "7200", "TERM": "xterm-256color"], ["VTE_VERSION": "5000"], ["KONSOLE_VERSION": "230805"],
            ["WT_SESSION": "c1a2"], ["KITTY_WINDOW_ID": "1"], ["TERM": "xterm-kitty"], ["TERM": "foot"], ["TERM": "alacritty"],
            ["TERM": "screen", "FORCE_HYPERLINK": "1"],
        ]
        for environment in known {
            XCTAssertTrue(TerminalCapabilities.detect(useColor: true, environment: environment).usesHyperlinks, "\(environment)")
        }
        let unknown: [[String: String]] = [
            // tmux (the environment of a pane, inside iTerm2 or VTE), GNU screen.
            ["TMUX": "/tmp/tmux-0/default,1234,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"],
            ["TMUX": "/tmp/tmux-0/default,1234,0", "TERM": "screen", "TERM_PROGRAM": "iTerm.app"],
            ["TMUX": "/tmp/tmux-0/default,1234,0", "VTE_VERSION": "7200"],
            ["STY": "1234.pts-0.host", "TERM": "screen-256color"], ["TERM": "screen.xterm-256color"],
            // macOS Terminal, xterm, the Linux console, old VTE and Konsole, nothing at all.
            ["TERM_PROGRAM": "Apple_Terminal", "TERM": "xterm-256color"], ["TERM": "xterm-256color"], ["TERM": "linux"],
            ["VTE_VERSION": "4803"], ["KONSOLE_VERSION": "191203"], [:], ["FORCE_HYPERLINK": ""],
        ]
        for environment in unknown {
            XCTAssertFalse(TerminalCapabilities.detect(useColor: true, environment: environment).usesHyperlinks, "\(environment)")
        }
    }

    /// The Linux console draws no strikethrough, and nothing is drawn without escapes: there struck text keeps
    /// its `~~`. (macOS Terminal draws it.)
    func testStrikethroughWhereItIsDrawn() {
        XCTAssertTrue(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "xterm-256color"]).usesStrikethrough)
        XCTAssertTrue(TerminalCapabilities.detect(useColor: true, environment: ["TERM_PROGRAM": "Apple_Terminal"]).usesStrikethrough)
        XCTAssertFalse(TerminalCapabilities.detect(useColor: true, environment: ["TERM": "linux"]).usesStrikethrough)
        XCTAssertFalse(TerminalCapabilities.plain.usesStrikethrough)
        for capabilities in [TerminalCapabilities.plain,
                             TerminalCapabilities.detect(useColor: true, environment: ["TERM": "linux"])] {
            let renderer = ANSIRenderer(capabilities: capabilities)
            let line = renderer.encode(renderer.styled(MarkdownText(parsing: "your ~~blisters~~ highlights")))
            XCTAssertTrue(line.contains("~~blisters~~"), line)
            XCTAssertFalse(line.contains("\u{1B}[9m"), line)
        }
        let drawn = ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .ansi256, hyperlinks: false))
        XCTAssertEqual(drawn.encode(drawn.styled(MarkdownText(parsing: "your ~~blisters~~ highlights"))),
                       "your \u{1B}[9mblisters\u{1B}[0m highlights")
    }
}
