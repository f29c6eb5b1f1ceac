import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics

/// The text format of diagnostics (docs/diagnostics.md): header, gutter, source line, and a caret aligned
/// under tabs and wide text.
final class TextDiagnosticPrinterTests: XCTestCase {
    private func diagnostic(_ text: String, line: Int, column: Int, length: Int) -> Diagnostic {
        let file = SourceFile(name: "notes.yaml", text: text)
        let start = file.mark(line: line, scalarColumn: column - 1)
        let end = file.mark(line: line, scalarColumn: column - 1 + length)
        return Diagnostic(.error, code: .unresolvedReference, message: "unknown image 'stars'; did you mean 'star'?",
                          file: file, range: SourceRange(start: start, end: end))
    }

    func testSpecExample() {
        let text = String(repeating: "\n", count: 13) + "      - image: stars\n"
        XCTAssertEqual(TextDiagnosticPrinter().render(diagnostic(text, line: 14, column: 16, length: 5)), """
        notes.yaml:14:16: error: unknown image 'stars'; did you mean 'star'? [unresolved-reference]
           |
        14 |       - image: stars
           |                ^~~~~

        """)
    }

    func testCaretAlignsUnderTabsAndWideCharacters() {
        let rendered = TextDiagnosticPrinter().render(diagnostic("\t標題: stars\n", line: 1, column: 6, length: 5))
        XCTAssertEqual(rendered, """
        notes.yaml:1:6: error: unknown image 'stars'; did you mean 'star'? [unresolved-reference]
          |
        1 |     標題: stars
          |           ^~~~~

        """)
    }

    func testControlCharactersAreShownVisibly() {
        let rendered = TextDiagnosticPrinter().render(diagnostic("a: \u{1B}[2J\u{202E}x\n", line: 1, column: 9, length: 1))
        XCTAssertFalse(rendered.contains("\u{1B}"))
        XCTAssertFalse(rendered.contains("\u{202E}"))
        XCTAssertTrue(rendered.contains("1 | a: \\u{1B}[2J\\u{202E}x\n  |                     ^\n"), rendered)
    }

    func testNotesFixesAndColor() {
        let file = SourceFile(name: "n.yaml", text: "a: 1\na: 2\n")
        let diagnostic = Diagnostic(.error, code: .duplicateKey, message: "duplicate key 'a'", file: file,
                                    range: SourceRange(start: file.mark(line: 2, scalarColumn: 0), end: file.mark(line: 2, scalarColumn: 1)),
                                    notes: [.init("first defined here", range: SourceRange(at: file.mark(line: 1, scalarColumn: 0)))],
                                    fix: "remove one")
        XCTAssertEqual(TextDiagnosticPrinter().render(diagnostic), """
        n.yaml:2:1: error: duplicate key 'a' [duplicate-key]
          |
        2 | a: 2
          | ^
           = fix: remove one
        n.yaml:1:1: note: first defined here
          |
        1 | a: 1
          | ^

        """)
        let colored = TextDiagnosticPrinter(useColor: true).render(diagnostic)
        XCTAssertTrue(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    func testLongLinesAreCutAroundTheCaret() {
        let text = String(repeating: "x", count: 300) + "TARGET" + String(repeating: "y", count: 300)
        let rendered = TextDiagnosticPrinter(maxLineWidth: 60).render(diagnostic(text, line: 1, column: 301, length: 6))
        let lines = rendered.split(separator: "\n")
        XCTAssertTrue(lines[2].hasPrefix("1 | …"))
        XCTAssertTrue(lines[2].hasSuffix("…"))
        let caretColumn = lines[3].distance(from: lines[3].startIndex, to: lines[3].firstIndex(of: "^")!)
        let targetColumn = lines[2].distance(from: lines[2].startIndex, to: lines[2].range(of: "TARGET")!.lowerBound)
        XCTAssertEqual(caretColumn, targetColumn)
        XCTAssertTrue(lines[3].hasSuffix("^~~~~~"))
    }
}
