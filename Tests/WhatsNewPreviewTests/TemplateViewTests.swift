import XCTest
@testable import WhatsNewPreview

/// The template view: which templates are shown as a page, and the bar's link to it, named after the file.
final class TemplateViewTests: XCTestCase {
    func testATemplateIsShownAsAPageOnlyWhenItsNameSaysHTML() {
        for path in ["changelog.html.mustache", "site/Page.HTML.mustache", "page.htm.mustache", "page.html", "dir.mustache/page.htm"] {
            XCTAssertTrue(TemplateReading.writesHTML(path), path)
        }
        for path in ["CHANGELOG.md.mustache", "summary.txt.mustache", "notes.mustache", "page.html.txt", "html.mustache", "html/notes.mustache",
                     "page.xhtml.json", "feed.xml.mustache"] {
            XCTAssertFalse(TemplateReading.writesHTML(path), path)
        }
    }

    func testTheBarLinksToTheTemplateUnderItsNameEscaped() {
        let page = ShellPage(view: .template, query: ViewQuery(), snapshot: PreviewSnapshot(), templatePath: "t/<b>\"x\".txt.mustache").html
        XCTAssertTrue(page.contains("<a href=\"/template\" aria-current=\"page\"><span class=\"file\" title=\"--template t/&lt;b&gt;&quot;x&quot;.txt.mustache\">"
                                    + "&lt;b&gt;&quot;x&quot;.txt.mustache</span></a>"), page)
        XCTAssertFalse(page.contains("<b>"), page)
        let without = ShellPage(view: .changelog, query: ViewQuery(), snapshot: PreviewSnapshot()).html
        XCTAssertFalse(without.contains("/template"), without)
    }

    func testTheOverlaySaysWhoseErrorsItShows() {
        var snapshot = PreviewSnapshot()
        snapshot.hasErrors = true
        snapshot.templateHasErrors = true
        XCTAssertEqual(ShellPage(view: .template, query: ViewQuery(), snapshot: snapshot).problemsTitle, "The template has errors")
        snapshot.manifestHasErrors = true
        XCTAssertEqual(ShellPage(view: .template, query: ViewQuery(), snapshot: snapshot).problemsTitle, "The manifest and the template have errors")
        snapshot.templateHasErrors = false
        XCTAssertEqual(ShellPage(view: .template, query: ViewQuery(), snapshot: snapshot).problemsTitle, "The manifest has errors")
    }
}
