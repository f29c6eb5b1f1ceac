import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import WhatsNewIO
@testable import WhatsNewRender

/// The HTML, Markdown and terminal outputs rendered on two threads are byte for byte the outputs rendered on
/// one, for any number of versions: none, one, two, around every chunk boundary, and many.
final class EmitterThreadingTests: XCTestCase {
    /// Small chunks, so that a few versions cross many boundaries, and no minimum.
    private let threaded = TwoThreadRendering(piecesPerChunk: 3, chunksInFlight: 2, minimumPieces: 0)
    private let oneThread = TwoThreadRendering(minimumPieces: .max)
    private let counts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 31, 32, 33]
    /// Around the production thresholds: below, at and above the minimum, and around its chunk boundaries.
    private let productionCounts = [127, 128, 129, 159, 160, 161, 300]

    /// `count` versions (none: the manifest's one version is dropped, as a selection can leave none).
    private func notes(_ count: Int) throws -> ReleaseNotes {
        var notes = try ReleaseNotes(ManyVersionsManifest.load(max(1, count)))
        XCTAssertEqual(notes.versions.count, max(1, count))
        if count == 0 { notes.versions = [] }
        return notes
    }

    /// The fixture's one image file, held in memory.
    private static let imageFiles = ImageFileOptions(fileSystem: InMemoryImageFileSystem(files: [
        "assets/logo.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
    ]))

    private func html(_ notes: ReleaseNotes, _ rendering: TwoThreadRendering, streamed: Bool = false) -> String {
        guard streamed else {
            var output = OutputBuffer()
            HTMLEmitter(page: .changelog).emit(notes, imageFiles: Self.imageFiles, rendering: rendering, into: &output)
            return output.text
        }
        var bytes: [UInt8] = []
        var output = OutputBuffer { bytes.append(contentsOf: $0) }
        HTMLEmitter(page: .changelog).emit(notes, imageFiles: Self.imageFiles, rendering: rendering, into: &output)
        output.flush()
        return String(decoding: bytes, as: UTF8.self)
    }

    private func markdown(_ notes: ReleaseNotes, _ rendering: TwoThreadRendering) -> String {
        var output = OutputBuffer()
        MarkdownEmitter().emit(notes, rendering: rendering, into: &output)
        return output.text
    }

    private func terminal(_ notes: ReleaseNotes, _ rendering: TwoThreadRendering) -> String {
        var output = OutputBuffer()
        ANSIEmitter(capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true), width: 60)
            .emit(notes, rendering: rendering, into: &output)
        return output.text
    }

    func testHTMLIsTheSameOnTwoThreads() throws {
        for count in counts {
            let notes = try notes(count)
            let single = html(notes, oneThread)
            XCTAssertEqual(html(notes, threaded), single, "\(count) versions")
            XCTAssertEqual(html(notes, threaded, streamed: true), single, "\(count) versions, streamed")
            XCTAssertEqual(single.components(separatedBy: "<article class=\"version\"").count - 1, count)
            XCTAssertEqual(HTMLEmitter(page: .changelog).emit(notes, imageFiles: Self.imageFiles), single, "the public emit")
            if count > 0 {
                XCTAssertTrue(single.contains("id=\"v3.0.0\""), "the last version's article")
                let showsLogo = (0..<count).contains { version in (0...version % 4).contains { (version + $0) % 8 == 7 } }
                XCTAssertEqual(single.contains("<img src=\"data:image/svg+xml;base64,"), showsLogo, "the logo's image")
            }
        }
    }

    func testMarkdownIsTheSameOnTwoThreads() throws {
        for count in counts {
            let notes = try notes(count)
            let single = markdown(notes, oneThread)
            XCTAssertEqual(markdown(notes, threaded), single, "\(count) versions")
            XCTAssertEqual(single.components(separatedBy: "\n## ").count - 1, count)
            XCTAssertEqual(MarkdownEmitter().emit(notes), single, "the public emit")
        }
    }

    func testTerminalTextIsTheSameOnTwoThreads() throws {
        for count in counts {
            let notes = try notes(count)
            let single = terminal(notes, oneThread)
            XCTAssertEqual(terminal(notes, threaded), single, "\(count) versions")
            let separator = String(repeating: "─", count: 60)
            XCTAssertEqual(single.components(separatedBy: separator).count - 1, max(0, count - 1), "one separator between versions")
        }
    }

    /// The settings `compile` uses, around where they start a thread and where their chunks end.
    func testTheDefaultSettingsGiveTheSameOutputs() throws {
        for count in productionCounts {
            let notes = try notes(count)
            XCTAssertEqual(html(notes, TwoThreadRendering(), streamed: true), html(notes, oneThread), "\(count) versions")
            XCTAssertEqual(markdown(notes, TwoThreadRendering()), markdown(notes, oneThread), "\(count) versions")
            XCTAssertEqual(terminal(notes, TwoThreadRendering()), terminal(notes, oneThread), "\(count) versions")
        }
    }
}
