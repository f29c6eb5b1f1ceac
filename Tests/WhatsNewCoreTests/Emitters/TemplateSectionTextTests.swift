import XCTest
@testable import WhatsNewRender

/// The text a template's section writes on each item, which the rendering's budget charges per item: a lower
/// bound of what the item writes (tags, nested sections and white space Mustache may trim are not counted).
final class TemplateSectionTextTests: XCTestCase {
    func testEachSectionCountsItsOwnTextOutsideTagsAndNestedSections() {
        let template = """
            {{! a comment {{#versions}} is not a section }}
            {{#versions}}
              <h2>{{version}}</h2>
              {{#features}}<li>{{{title.html}}}</li>{{/features}}
              {{^features}}none{{/features}}
            {{/versions}}
            {{#app.name}}by {{app.name}}{{/app.name}}
            """
        XCTAssertEqual(TemplateSyntax.sectionText(in: Array(template.utf8)), ["versions": 9, "features": 9, "name": 2])
    }

    func testTheLeastOfTheSectionsOfOneNameIsKept() {
        let template = "{{#versions}}long text{{/versions}}{{#versions}}ab{{/versions}}{{#x}}{{#versions}}abc{{/versions}}{{/x}}"
        XCTAssertEqual(TemplateSyntax.sectionText(in: Array(template.utf8)), ["versions": 2, "x": 0])
    }

    func testATemplateThatChangesItsDelimitersCountsNoText() {
        XCTAssertEqual(TemplateSyntax.sectionText(in: Array("{{=<% %>=}}<%#versions%>text<%/versions%>".utf8)), [:])
    }

    func testAnUnclosedTagEndsTheCount() {
        XCTAssertEqual(TemplateSyntax.sectionText(in: Array("{{#versions}}ab{{/versions}}{{#features}}cd{{x".utf8)), ["versions": 2])
    }
}
