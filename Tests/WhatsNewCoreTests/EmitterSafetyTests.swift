import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import WhatsNewIO
@testable import WhatsNewModel
@testable import WhatsNewRender

/// Emitters defend themselves even when validation was skipped: a `javascript:` action URL and colors that
/// try to break out of CSS never reach an output live.
final class EmitterSafetyTests: XCTestCase {
    private func notes() -> ReleaseNotes {
        var manifest = Manifest()
        var action = SecondaryAction(title: LocalizedText("Open"), foregroundColor: ColorValue("red;}</style><script>x()</script>"),
                                     kind: .openURL("javascript:alert(1)"))
        action.hapticFeedback = .selection
        manifest.versions = [VersionEntry(
            version: SemanticVersion(major: 1), versionText: "1",
            title: Title(text: LocalizedText("T"), foregroundColor: ColorValue("expression(alert(1))")),
            features: [Feature(image: .inline(Image(source: .file("../../etc/passwd"), foregroundColor: ColorValue("url(javascript:x)"))),
                               title: LocalizedText("F"), subtitle: LocalizedText("S"))],
            primaryAction: .inline(PrimaryAction(backgroundColor: ColorValue("</style>"), foregroundColor: ColorValue("\"><b>"))),
            secondaryAction: .inline(action))]
        return ReleaseNotes(manifest)
    }

    func testHTMLDropsUnsafeURLsAndColors() {
        for page in HTMLEmitter.Page.allCases {
            let html = HTMLEmitter(page: page).emit(notes(), imageFiles: ImageFileOptions(fileSystem: InMemoryImageFileSystem()))
            XCTAssertFalse(html.contains("javascript"), page.rawValue)
            XCTAssertFalse(html.contains("<script"), page.rawValue)
            XCTAssertFalse(html.contains("expression("), page.rawValue)
            XCTAssertFalse(html.contains("</style><"), page.rawValue)
            XCTAssertFalse(html.contains("<b>"), page.rawValue)
            XCTAssertEqual(html.components(separatedBy: "</style>").count, 2, "only the page's own style element")
        }
    }

    func testMarkdownAndTerminalDropUnsafeURLs() {
        XCTAssertFalse(MarkdownEmitter().emit(notes()).contains("javascript"))
        let ansi = ANSIEmitter(capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true), width: 60).emit(notes())
        XCTAssertFalse(ansi.contains("javascript"))
        XCTAssertTrue(ansi.contains("Open"))
    }
}
