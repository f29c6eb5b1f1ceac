import WhatsNewCore
import XCTest
@testable import WhatsNewPreview

/// An edit is sent as the elements that changed, and applying them to the old page gives the new one byte for byte.
final class FramePatchTests: XCTestCase {
    private static func page(title: String = "Notes", first: String = "Offline maps", second: String = "Alerts", lang: String = "en") -> String {
        """
        <!DOCTYPE html>
        <html lang="\(lang)">
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <style>a > b { color: red }</style>
        </head>
        <body>
        <!-- a <comment> -->
        <main id="main">
        <article id="v1"><h2>1.1.0</h2><p>\(first)<br>more</p><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></article>
        <article id="v2"><h2 title="a > b">1.0.0</h2><p>\(second)</p></article>
        </main>
        </body>
        </html>

        """
    }

    func testTheSamePageNeedsNoReplacement() throws {
        XCTAssertEqual(FramePatch.between(Self.page(), Self.page()), FramePatch(replacements: []))
    }

    func testAnEditReplacesTheSmallestElementsThatChanged() throws {
        let old = Self.page(), new = Self.page(title: "Notes 2", second: "Trail alerts")
        let patch = try XCTUnwrap(FramePatch.between(old, new))
        XCTAssertEqual(patch.replacements.map(\.path), [[0, 1], [1, 0, 1, 1]])
        XCTAssertEqual(patch.replacements.map(\.name), ["title", "p"])
        XCTAssertEqual(patch.replacements.last?.html, "<p>Trail alerts</p>")
        XCTAssertEqual(Self.apply(patch, to: old), new)
    }

    func testTextBesideChildrenReplacesTheirParent() throws {
        let old = Self.page(), new = Self.page(first: "Offline atlases")
        let patch = try XCTUnwrap(FramePatch.between(old, new))
        XCTAssertEqual(patch.replacements.map(\.path), [[1, 0, 0, 1]])
        XCTAssertEqual(Self.apply(patch, to: old), new)
    }

    func testAChangedRootOrBrokenPageIsSentWhole() {
        XCTAssertNil(FramePatch.between(Self.page(), Self.page(lang: "de")))
        XCTAssertNil(FramePatch.between(Self.page(), "<html><body><p>open</body></html>"))
        XCTAssertNil(FramePatch.between(Self.page(), "<html><body></div></body></html>"))
        XCTAssertNil(FramePatch.between(Self.page(), "plain text"))
    }

    func testEveryEditOfTheExampleGivesTheNewChangelogBackExactly() throws {
        let source = try String(contentsOf: Paths.example, encoding: .utf8)
        let edits: [(String, String)] = [("Offline maps", "Offline atlases"), ("accentColor: \"#2E7D32\"", "accentColor: \"#1565C0\""),
                                         ("version: 1.2.1", "version: 1.2.2"), ("name: Trails", "name: Paths")]
        let old = try Self.changelog(source)
        for (from, to) in edits {
            XCTAssertTrue(source.contains(from), from)
            let new = try Self.changelog(source.replacingOccurrences(of: from, with: to))
            guard let patch = FramePatch.between(old, new) else { continue }
            XCTAssertEqual(Self.apply(patch, to: old), new, "\(from) → \(to)")
        }
        let small = try XCTUnwrap(FramePatch.between(old, try Self.changelog(source.replacingOccurrences(of: "Offline maps", with: "Offline atlases"))))
        XCTAssertLessThan(small.replacements.map(\.html.utf8.count).reduce(0, +), old.utf8.count / 10)
    }

    /// The changelog page of `manifest`, as `compile --format html --page changelog` writes it.
    private static func changelog(_ manifest: String) throws -> String {
        let engine = DiagnosticEngine()
        let compiler = Compiler()
        let name = Paths.example.path
        let loaded = try compiler.load(contents: Array(manifest.utf8), name: name, engine: engine)
        let plan = try OutputPlan.make(formats: [.html], output: nil, outputIsDirectory: false).get()
        let manifest = try XCTUnwrap(loaded)
        let outputs = try XCTUnwrap(compiler.compile(manifest, plan: plan, request: CompileRequest(page: .changelog), engine: engine))
        return try XCTUnwrap(outputs.first?.text)
    }

    /// `old` with each replacement's element (found by its path in `old`) replaced by its HTML.
    static func apply(_ patch: FramePatch, to old: String) -> String? {
        let bytes = Array(old.utf8)
        guard let outline = HTMLOutline(bytes), let root = outline.roots.first else { return nil }
        var ranges: [(Range<Int>, String)] = []
        for replacement in patch.replacements {
            var element = root
            for index in replacement.path {
                let children = outline[element].children
                guard index < children.count else { return nil }
                element = children[index]
            }
            guard outline[element].name == replacement.name else { return nil }
            ranges.append((outline[element].start..<outline[element].end, replacement.html))
        }
        var result = bytes
        for (range, html) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            result.replaceSubrange(range, with: Array(html.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }
}

private enum Paths {
    static var example: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures/notes.yaml")
    }
}
