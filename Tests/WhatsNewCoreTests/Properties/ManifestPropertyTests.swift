import Foundation
import TestSupport
@testable import WhatsNewCore
import XCTest
import YAMLTree
@testable import WhatsNewText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewRender

/// Properties of compiling generated manifests (see `ManifestGenerator`), each checked for many seeds:
/// a YAML manifest and its JSON twin compile to the same bytes in every format; output is byte-identical
/// across runs; the JSON output reads back to the same model; nothing crashes and every output passes the
/// checks of `OutputSafety`.
///
/// `WHATSNEW_PROPERTY_RUNS=N` checks N seeds per property (default 40), `WHATSNEW_PROPERTY_SEED=S` starts at
/// seed S (default 1); a failure names the seed and prints the generated manifest.
final class ManifestPropertyTests: XCTestCase {
    private static let environment = ProcessInfo.processInfo.environment
    private let runs = Int(environment["WHATSNEW_PROPERTY_RUNS"] ?? "") ?? 40
    private let firstSeed = UInt64(environment["WHATSNEW_PROPERTY_SEED"] ?? "") ?? 1

    /// A generated manifest in both syntaxes.
    private struct Case {
        let seed: UInt64
        let yaml: String
        let json: String

        init(seed: UInt64) {
            var generator = ManifestGenerator(seed: seed)
            let document = generator.manifest()
            var yamlWriter = YAMLWriter(random: SeededGenerator(seed: seed &+ 0x5EED))
            yaml = yamlWriter.write(document)
            var choice = SeededGenerator(seed: seed &+ 0x15)
            json = JSONWriter(style: choice.pick(JSONTextStyle.allCases), indent: choice.pick([nil, "  ", "\t"])).write(document)
            self.seed = seed
        }

        var description: String { "seed \(seed)\n--- YAML\n\(yaml)--- JSON\n\(json)" }
    }

    /// The inputs are read as if they were files in `Fixtures/`, so the image file they name exists.
    private static func load(_ text: String, as fileExtension: String) -> (manifest: Manifest?, engine: DiagnosticEngine) {
        let engine = DiagnosticEngine()
        let name = Paths.fixtures.path + "/generated." + fileExtension
        let manifest = try? Compiler().load(contents: Array(text.utf8), name: name, engine: engine)
        return (manifest, engine)
    }

    /// A loaded manifest without errors, or a failure that shows the diagnostics and the case.
    private func loadValid(_ text: String, as fileExtension: String, _ generated: Case,
                           file: StaticString = #filePath, line: UInt = #line) -> (Manifest, DiagnosticEngine)? {
        let (manifest, engine) = Self.load(text, as: fileExtension)
        guard let manifest, !engine.hasErrors else {
            XCTFail("the \(fileExtension) of a generated manifest has errors:\n\(TextDiagnosticPrinter().render(engine))\(generated.description)",
                    file: file, line: line)
            return nil
        }
        return (manifest, engine)
    }

    private static let variants: [(label: String, format: OutputFormat, request: CompileRequest)] = [
        ("ansi", .ansi, CompileRequest(width: 60)),
        ("ansi-color", .ansi, CompileRequest(terminal: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true), width: 60)),
        ("ansi-256", .ansi, CompileRequest(terminal: TerminalCapabilities(colorDepth: .ansi256, hyperlinks: false, appearance: .light), width: 33)),
        ("markdown", .markdown, CompileRequest()),
        ("html-changelog", .html, CompileRequest(page: .changelog)),
        ("html-showcase", .html, CompileRequest(page: .showcase)),
        ("json", .json, CompileRequest()),
        ("whatsnewkit-json", .whatsNewKitJSON, CompileRequest()),
    ]

    /// The selections each manifest is compiled with: everything, and one locale and platform.
    private func selections(_ generated: Case) -> [Selection] {
        var random = SeededGenerator(seed: generated.seed &+ 0x5E1)
        return [Selection(), Selection(locale: random.pick(ManifestGenerator.locales), platform: random.pick(ManifestGenerator.platforms))]
    }

    /// Every output of a manifest, by variant and selection; nil where compiling refused (with the codes why).
    private static func outputs(_ manifest: Manifest, selections: [Selection]) -> [String: String] {
        var result: [String: String] = [:]
        for (index, selection) in selections.enumerated() {
            for variant in Self.variants {
                var request = variant.request
                request.selection = selection
                let engine = DiagnosticEngine()
                guard case .success(let plan) = OutputPlan.make(formats: [variant.format], output: nil, outputIsDirectory: false) else { continue }
                let key = "\(variant.label)#\(index)"
                if let rendered = Compiler().compile(manifest, plan: plan, request: request, engine: engine) {
                    result[key] = rendered.map(\.text).joined()
                } else {
                    result[key] = "refused: " + engine.diagnostics.map(\.code).joined(separator: ",")
                }
            }
        }
        return result
    }

    private var seeds: [UInt64] { (0..<UInt64(max(1, runs))).map { firstSeed &+ $0 } }

    // MARK: Properties

    func testYAMLAndItsJSONTwinCompileToTheSameOutputs() {
        for seed in seeds {
            let generated = Case(seed: seed)
            guard let (yaml, yamlEngine) = loadValid(generated.yaml, as: "yaml", generated),
                  let (json, jsonEngine) = loadValid(generated.json, as: "json", generated) else { continue }
            let warnings = { (engine: DiagnosticEngine) in engine.diagnostics.map { "\($0.code): \($0.message)" }.sorted() }
            XCTAssertEqual(warnings(yamlEngine), warnings(jsonEngine), "the same warnings\n\(generated.description)")
            let selections = selections(generated)
            let fromYAML = Self.outputs(yaml, selections: selections)
            let fromJSON = Self.outputs(json, selections: selections)
            for key in fromYAML.keys.sorted() where fromYAML[key] != fromJSON[key] {
                XCTFail("\(key) differs:\n" + Golden.lineDiff(expected: fromYAML[key] ?? "", actual: fromJSON[key] ?? "") + "\n" + generated.description)
                break
            }
        }
    }

    func testOutputIsByteIdenticalAcrossRuns() {
        for seed in seeds {
            let generated = Case(seed: seed)
            guard let (first, _) = loadValid(generated.yaml, as: "yaml", generated),
                  let (second, _) = loadValid(generated.yaml, as: "yaml", generated) else { continue }
            let selections = selections(generated)
            let once = Self.outputs(first, selections: selections)
            let twice = Self.outputs(second, selections: selections)
            XCTAssertEqual(once.count, Self.variants.count * selections.count)
            for key in once.keys.sorted() where once[key] != twice[key] {
                XCTFail("\(key) differs between two runs:\n" + Golden.lineDiff(expected: once[key] ?? "", actual: twice[key] ?? "") + "\n" + generated.description)
                break
            }
        }
    }

    /// Runs at the same time in one process (a host app compiling on several threads) give the same bytes
    /// as one run alone; under ThreadSanitizer (`make test-tsan`) this also looks for data races in the
    /// pipeline's shared state (cmark-gfm's extension table, the glyph and color tables).
    func testConcurrentRunsGiveTheSameOutput() throws {
        for seed in seeds.prefix(8) {
            let generated = Case(seed: seed)
            guard let (manifest, _) = loadValid(generated.yaml, as: "yaml", generated) else { continue }
            let selections = selections(generated)
            let alone = Self.outputs(manifest, selections: selections)
            let results = ConcurrentResults(count: 6)
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                let (loaded, _) = Self.load(index.isMultiple(of: 2) ? generated.yaml : generated.json, as: index.isMultiple(of: 2) ? "yaml" : "json")
                results.set(index, loaded.map { Self.outputs($0, selections: selections) } ?? [:])
            }
            for (index, together) in results.values.enumerated() {
                XCTAssertEqual(together, alone, "run \(index) of 6 at once differs\n\(generated.description)")
            }
        }
    }

    func testJSONOutputReadsBackToTheSameModel() throws {
        for seed in seeds {
            let generated = Case(seed: seed)
            guard let (manifest, _) = loadValid(generated.yaml, as: "yaml", generated) else { continue }
            for selection in selections(generated) {
                let expected = ReadBackNotes(ReleaseNotes(manifest, selection: selection))
                let json = JSONEmitter().emit(ReleaseNotes(manifest, selection: selection))
                let read: ReadBackNotes
                do {
                    read = try ReadBackNotes(json: json)
                } catch {
                    XCTFail("cannot read the JSON output back: \(error)\n\(json)\n\(generated.description)")
                    continue
                }
                XCTAssertEqual(read.appID, expected.appID)
                XCTAssertEqual(read.appName, expected.appName)
                XCTAssertEqual(read.appURL, expected.appURL)
                XCTAssertEqual(read.appIcon, expected.appIcon, generated.description)
                XCTAssertEqual(read.locale, expected.locale)
                XCTAssertEqual(read.accentColor, expected.accentColor)
                XCTAssertEqual(read.versions.count, expected.versions.count, generated.description)
                for (back, version) in zip(read.versions, expected.versions) where back != version {
                    XCTAssertEqual(back.displayVersion, version.displayVersion)
                    XCTAssertEqual(back.title, version.title)
                    XCTAssertEqual(back.features, version.features)
                    XCTAssertEqual(back.primaryAction, version.primaryAction)
                    XCTAssertEqual(back.secondaryAction, version.secondaryAction)
                    XCTAssertEqual(back.layout, version.layout)
                    XCTFail("version \(version.displayVersion) reads back differently\n\(generated.description)")
                }
            }
        }
    }

    /// Generated manifests, and the same manifests damaged at random (a line dropped, doubled or cut, bytes
    /// swapped, hostile text spliced in): loading never crashes, diagnostics print safely in every format,
    /// and every output of what still loads passes `OutputSafety`.
    func testNoGeneratedInputCrashesAndEveryOutputIsSafe() {
        for seed in seeds {
            let generated = Case(seed: seed)
            var random = SeededGenerator(seed: seed &+ 0xBAD)
            var inputs = [(generated.yaml, "yaml"), (generated.json, "json")]
            for _ in 0..<3 {
                let (text, fileExtension) = random.pick(inputs)
                inputs.append((Self.damage(text, random: &random), fileExtension))
            }
            for (index, (text, fileExtension)) in inputs.enumerated() {
                let (manifest, engine) = Self.load(text, as: fileExtension)
                if index < 2 { XCTAssertFalse(engine.hasErrors, "an undamaged manifest\n\(generated.description)") }
                OutputSafety.assertPlainTerminalText(TextDiagnosticPrinter(useColor: false).render(engine))
                OutputSafety.assertColoredTerminalText(TextDiagnosticPrinter(useColor: true).render(engine))
                OutputSafety.assertPlainTerminalText(GitHubDiagnosticFormatter().render(engine))
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(JSONDiagnosticFormatter().render(engine).utf8)))
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(SARIFDiagnosticFormatter(toolVersion: "test").render(engine).utf8)))
                guard let manifest, !engine.hasErrors else { continue }
                for (key, output) in Self.outputs(manifest, selections: selections(generated)).sorted(by: { $0.key < $1.key }) {
                    assertSafe(output, variant: String(key.prefix { $0 != "#" }), generated)
                }
            }
        }
    }

    private func assertSafe(_ output: String, variant: String, _ generated: Case, file: StaticString = #filePath, line: UInt = #line) {
        if output.hasPrefix("refused: ") {
            XCTAssertEqual(variant, "whatsnewkit-json", output, file: file, line: line)
            return
        }
        let failures = testRun?.failureCount ?? 0
        switch variant {
        case "ansi": OutputSafety.assertPlainTerminalText(output, file: file, line: line)
        case "ansi-color", "ansi-256": OutputSafety.assertColoredTerminalText(output, file: file, line: line)
        case "markdown": OutputSafety.assertSafeMarkdown(output, file: file, line: line)
        case "html-changelog", "html-showcase": OutputSafety.assertNoActiveHTML(output, file: file, line: line)
        default: OutputSafety.assertSafeJSON(output, file: file, line: line)
        }
        if (testRun?.failureCount ?? 0) > failures { XCTFail("\(variant) output:\n\(output)\n\(generated.description)", file: file, line: line) }
    }

    /// `text` damaged once, at random.
    static func damage(_ text: String, random: inout SeededGenerator) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = random.int(0...(lines.count - 1))
        switch random.int(0...4) {
        case 0: lines.remove(at: line)
        case 1: lines.insert(lines[line], at: line)
        case 2: lines[line] += random.pick(ManifestGenerator.hostile + ManifestGenerator.markdown + [": x", "&a", "*a", "- ", "<<: *a1"])
        case 3: return String(text.prefix(random.int(0...text.count)))
        default:
            var scalars = Array(text.unicodeScalars)
            guard scalars.count > 2 else { break }
            let index = random.int(0...(scalars.count - 2))
            scalars.swapAt(index, index + 1)
            return String(String.UnicodeScalarView(scalars))
        }
        return lines.joined(separator: "\n")
    }
}

/// Results written from several threads, each to its own slot, under a lock.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[String: String]]

    init(count: Int) {
        slots = Array(repeating: [:], count: count)
    }

    func set(_ index: Int, _ value: [String: String]) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = value
    }

    var values: [[String: String]] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
