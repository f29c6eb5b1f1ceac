import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewRender

/// `compile` streams each output to its file in chunks (`Compilation.render(_:to:)`); the chunks must add up
/// to exactly the text the same output is as one string, whatever the format.
final class CompilationStreamingTests: XCTestCase {
    /// A manifest whose outputs take several chunks: 300 versions of 10 features with Markdown (each with the date
    /// and build the feeds and the appcast need, and the app's URL).
    private func compilation(_ plan: OutputPlan) throws -> Compilation {
        var yaml = "app: { url: https://example.com/app }\nversions:\n"
        for version in (1...300).reversed() {
            yaml += "  - version: 1.\(version).0\n    date: 2025-01-01\n    build: \(version)\n    title: \"Release **\(version)**\"\n    features:\n"
            for feature in 1...10 {
                yaml += "      - title: Feature \(feature) of \(version)\n"
                yaml += "        subtitle: \"Does *\(feature)* things, see [the guide](https://example.com/\(version)).\"\n"
            }
        }
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(Compiler().load(contents: Array(yaml.utf8), name: "notes.yaml", engine: engine))
        return try XCTUnwrap(Compiler().prepare(manifest, plan: plan, request: CompileRequest(width: 60), engine: engine),
                             "\(engine.diagnostics)")
    }

    func testChunksAddUpToTheWholeOutput() throws {
        // (A release body and store notes are one version's: `PublishingTests`, `FastlaneTests` and the goldens write them.)
        let plan = try OutputPlan.make(formats: OutputFormat.allCases.filter { $0 != .releaseBody && $0 != .fastlane }, output: "site/",
                                       outputIsDirectory: true).get()
        let compilation = try compilation(plan)
        for target in plan.targets {
            var streamed: [UInt8] = []
            var chunks = 0
            compilation.render(target) { chunk in
                XCTAssertFalse(chunk.isEmpty, "\(target.format)")
                streamed.append(contentsOf: chunk)
                chunks += 1
            }
            let whole = compilation.text(for: target)
            XCTAssertEqual(String(decoding: streamed, as: UTF8.self), whole, "\(target.format)")
            if [.ansi, .markdown, .html, .atom, .jsonFeed, .rss, .appcast].contains(target.format) {
                XCTAssertGreaterThan(whole.utf8.count, 2 * OutputBuffer.chunkSize, "\(target.format): a long output")
                XCTAssertGreaterThan(chunks, 1, "\(target.format) streams in chunks")
            }
        }
    }
}
