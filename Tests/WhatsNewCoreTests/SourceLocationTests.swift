import Foundation
import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewModel

/// A `SourceLocation` keeps the offsets of a range and reads its lines and columns back from its file.
final class SourceLocationTests: XCTestCase {
    func testEveryNodeOfEveryFixtureKeepsItsRange() throws {
        let inputs = try FileManager.default.subpathsOfDirectory(atPath: Paths.fixtures.path).filter {
            $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json")
        }.sorted()
        XCTAssertGreaterThan(inputs.count, 50)
        var checked = 0
        for input in inputs {
            let bytes = try Array(Data(contentsOf: Paths.fixtures.appendingPathComponent(input)))
            let file = SourceFile(name: input, contents: bytes)
            guard let root = YAMLParser.parse(file, format: YAMLInputFormat(fileName: input)).root else { continue }
            var pending = [root]
            while let node = pending.popLast() {
                XCTAssertEqual(SourceLocation(file: file, range: node.range).range, node.range, "\(input): \(node.dump())")
                checked += 1
                switch node.content {
                case .scalar: break
                case .sequence(let items): pending += items
                case .mapping(let pairs): for pair in pairs { pending += [pair.key, pair.value] }
                }
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
    }

    func testLocationsAreEqualWhenTheirFilesAndOffsetsAre() {
        let file = SourceFile(name: "a.yaml", text: "a: 1\nb: 2\n")
        let range = SourceRange(start: Mark(line: 2, column: 4, offset: 8), end: Mark(line: 2, column: 5, offset: 9))
        XCTAssertEqual(SourceLocation(file: file, range: range), SourceLocation(file: file, range: range))
        XCTAssertNotEqual(SourceLocation(file: file, range: range), SourceLocation(file: file, range: .fileStart))
        XCTAssertNotEqual(SourceLocation(file: file, range: range),
                          SourceLocation(file: SourceFile(name: "a.yaml", text: "a: 1\nb: 2\n"), range: range))
    }

    func testALocationIsAPlainValueOfAFileNumberAndTwoOffsets() {
        // Nothing to count when a location is copied, to another value or another thread.
        XCTAssertTrue(_isPOD(SourceLocation.self))
        XCTAssertEqual(MemoryLayout<SourceLocation>.size, 12)
    }

    func testTheFileTableNamesEveryLivingFileByANumberOfItsOwnAndForgetsAFileThatGoes() throws {
        let before = SourceFileTable.shared.count
        var first: SourceFile? = SourceFile(name: "a.yaml", text: "a: 1\n")
        let second = SourceFile(name: "a.yaml", text: "a: 1\n")
        let firstID = try XCTUnwrap(first?.id)
        XCTAssertNotEqual(firstID, second.id)
        XCTAssertTrue(firstID.file === first)
        XCTAssertTrue(second.id.file === second)
        XCTAssertEqual(SourceFileTable.shared.count, before + 2)
        let location = SourceLocation(file: try XCTUnwrap(first), startOffset: 3, endOffset: 4)
        XCTAssertEqual(location.range?.start, Mark(line: 1, column: 4, offset: 3))
        first = nil
        XCTAssertNil(firstID.file)
        XCTAssertNil(location.file)
        XCTAssertNil(location.range)
        XCTAssertEqual(SourceFileTable.shared.count, before + 1)
    }

    func testAManifestKeepsTheFilesItsLocationsName() throws {
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(try Compiler().load(contents: Array("versions:\n  - version: 1.0.0\n    features:\n      - title: A\n        subtitle: B\n".utf8),
                                                           name: "kept.yaml", engine: engine))
        XCTAssertFalse(engine.hasErrors, "\(engine.diagnostics)")
        // Only the manifest holds the file now: its locations still find it, with lines and columns.
        let location = try XCTUnwrap(manifest.versions.first?.versionLocation)
        XCTAssertEqual(location.file?.name, "kept.yaml")
        XCTAssertEqual(location.range?.start, Mark(line: 2, column: 14, offset: 23))
        XCTAssertEqual(manifest.files.map(\.name), ["kept.yaml"])
    }
}
