import Foundation
import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewIO
@testable import WhatsNewRender

/// `docs/templates.md` lists every value a `--template` sees: the key paths of `TemplateContext`, each with
/// its type. A key added to the context without a row there (or a row for a key that is gone) fails here.
final class TemplateDocumentationTests: XCTestCase {
    /// A manifest that reaches every branch of the context: every kind of secondary action, a `present`
    /// page with and without a title, versions with and without a date, an app with a URL, a feed beside the page.
    private static let manifest = """
    app: { id: com.example.trails, name: Trails, url: https://example.com, icon: { emoji: "🥾" } }
    versions:
      - version: 1.0.0
        date: 2026-01-02
        features:
          - { id: maps, image: { systemName: map }, title: Maps, subtitle: Offline., platforms: [ios] }
        secondaryAction: { title: More, openURL: https://example.com/more }
      - version: 1.1.0
        features: []
        secondaryAction: { title: Details, present: { title: About, body: "**Body**" } }
      - version: 1.2.0
        features: []
        secondaryAction: { title: Details, present: { body: Body } }
      - version: 1.3.0
        features: []
        secondaryAction: { title: Later, dismiss: true }
      - version: 1.4.0-beta.1
        features: []
        secondaryAction: { title: Settings, custom: open.settings }
    """

    private func contextKeys() throws -> [String: String] {
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(try Compiler().load(contents: Array(Self.manifest.utf8), name: "notes.yaml", engine: engine))
        XCTAssertFalse(engine.hasErrors, TextDiagnosticPrinter().render(engine))
        let context = TemplateContext.make(ReleaseNotes(manifest), imageFiles: ImageFileOptions(fileSystem: InMemoryImageFileSystem()),
                                           feeds: [HTMLEmitter.FeedLink(format: .atom, href: "feed.atom")])
        var keys: [String: String] = [:]
        Self.collect(context, path: "", into: &keys)
        return keys
    }

    /// The leaf values of a context, by key path (`versions[].features[].title.html`), with their types.
    private static func collect(_ value: Any, path: String, into keys: inout [String: String]) {
        switch value {
        case let dictionary as [String: Any]:
            for (key, inner) in dictionary { collect(inner, path: path.isEmpty ? key : path + "." + key, into: &keys) }
        case let strings as [String] where !strings.isEmpty:
            keys[path] = "list of strings"
        case let array as [Any]:
            for item in array { collect(item, path: path + "[]", into: &keys) }
        case is Bool:
            keys[path] = "boolean"
        case is Int:
            keys[path] = "number"
        case is String:
            keys[path] = "string"
        default:
            keys[path] = "\(type(of: value))"
        }
    }

    /// The rows of the table between `<!-- template-keys -->` and `<!-- /template-keys -->`:
    /// `| `key.path` | type | … |`.
    private func documentedKeys() throws -> [String: (type: String, line: Int)] {
        let text = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        var keys: [String: (type: String, line: Int)] = [:]
        var inside = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.contains("<!-- template-keys -->") { inside = true; continue }
            if line.contains("<!-- /template-keys -->") { inside = false; continue }
            guard inside, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            keys[String(cells[0].dropFirst().dropLast())] = (cells[1], index + 1)
        }
        return keys
    }

    func testEveryKeyATemplateSeesIsDocumented() throws {
        let actual = try contextKeys()
        let documented = try documentedKeys()
        XCTAssertGreaterThan(actual.count, 40)
        for (key, type) in actual.sorted(by: { $0.key < $1.key }) {
            guard let row = documented[key] else {
                XCTFail("docs/templates.md does not document '\(key)' (\(type)); add '| `\(key)` | \(type) | … |' to its table")
                continue
            }
            XCTAssertEqual(row.type, type, "docs/templates.md:\(row.line): the type of '\(key)'")
        }
        for (key, row) in documented.sorted(by: { $0.key < $1.key }) where actual[key] == nil {
            XCTFail("docs/templates.md:\(row.line): '\(key)' is documented, but templates no longer see it")
        }
    }
}
