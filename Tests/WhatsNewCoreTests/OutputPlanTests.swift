import XCTest
@testable import WhatsNewCore
@testable import WhatsNewRender

final class OutputPlanTests: XCTestCase {
    private func targets(_ formats: [OutputFormat], _ output: String?, directory: Bool = false) -> [String] {
        switch OutputPlan.make(formats: formats, output: output, outputIsDirectory: directory) {
        case .success(let plan): return plan.targets.map { "\($0.format.rawValue) \($0.path)" }
        case .failure(let error): return ["error: \(error)"]
        }
    }

    func testStandardOutputTakesOneFormat() {
        XCTAssertEqual(targets([], nil), ["ansi -"])
        XCTAssertEqual(targets([.html], "-"), ["html -"])
        XCTAssertEqual(targets([.html, .markdown], nil), ["error: several formats (html, markdown) need '-o DIRECTORY', found none (standard output takes one format); "
                                                           + "add '-o DIRECTORY/', or give one --format"])
    }

    func testFileFormatComesFromTheExtensionUnlessGiven() {
        XCTAssertEqual(targets([], "CHANGELOG.md"), ["markdown CHANGELOG.md"])
        XCTAssertEqual(targets([], "out/page.HTML"), ["html out/page.HTML"])
        XCTAssertEqual(targets([], "notes.txt"), ["ansi notes.txt"])
        XCTAssertEqual(targets([.whatsNewKitJSON], "app.json"), ["whatsnewkit-json app.json"])
        XCTAssertEqual(targets([], "notes"), ["error: cannot tell the format of 'notes' from its extension; expected .txt, .md, .html, .json, .atom or .rss, or give --format"])
    }

    func testDirectoryTakesEveryFormat() {
        XCTAssertEqual(targets([.markdown, .html, .markdown], "site/"), ["markdown site/CHANGELOG.md", "html site/changelog.html"])
        XCTAssertEqual(targets([], "site", directory: true),
                       ["ansi site/notes.txt", "markdown site/CHANGELOG.md", "html site/changelog.html", "json site/notes.json"])
        XCTAssertEqual(targets([.markdown, .html], "x.md"), ["error: several formats (markdown, html) need '-o DIRECTORY', found 'x.md', which is not a directory; "
                                                              + "write '-o x.md/' to create the directory, or give one --format"])
    }

    /// `fastlane` writes a tree: `-o DIR` alone is its directory (existing or not, with or without `/`); beside other
    /// formats it is `DIR/fastlane/metadata`; standard output cannot take it.
    func testFastlaneWritesADirectory() {
        XCTAssertEqual(targets([.fastlane], "fastlane/metadata"), ["fastlane fastlane/metadata"])
        XCTAssertEqual(targets([.fastlane], "fastlane/metadata/"), ["fastlane fastlane/metadata"])
        XCTAssertEqual(targets([.fastlane], "metadata", directory: true), ["fastlane metadata"])
        XCTAssertEqual(targets([.markdown, .fastlane], "."  + "/"), ["markdown ./CHANGELOG.md", "fastlane ./fastlane/metadata"])
        XCTAssertEqual(targets([.fastlane], nil), ["error: --format fastlane writes a directory of files, and standard output takes one file; "
                                                    + "add '-o DIRECTORY' (e.g. '-o fastlane/metadata')"])
        XCTAssertEqual(targets([.fastlane, .markdown], "-").count, 1)
        XCTAssertTrue(OutputFormat.fastlane.writesDirectory)
        XCTAssertFalse(OutputFormat.allCases.contains { $0 != .fastlane && $0.writesDirectory })
    }
}
