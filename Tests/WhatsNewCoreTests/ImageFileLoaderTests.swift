import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewIO

/// `ImageFileLoader` on the real file system and in memory: limits, identity, and content types.
final class ImageFileLoaderTests: XCTestCase {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Twelve spellings of one file are one file: read once, counted once against the total.
    func testSpellingsOfOneFileCountOnce() throws {
        let directory = try TemporaryDirectory("loader")
        try directory.write("assets/logo.png", Self.png + [UInt8](repeating: 7, count: 1000))
        try directory.write("assets/other.png", Self.png + [UInt8](repeating: 8, count: 1000))
        try directory.symlink("assets/alias.png", to: "logo.png")
        let loader = ImageFileLoader(options: ImageFileOptions(maxBytesPerImage: 2000, maxTotalBytes: 1500))
        let spellings = ["assets/logo.png", "./assets/logo.png", "assets//logo.png", "assets/./logo.png", "assets/../assets/logo.png",
                         "assets/alias.png", "./assets/alias.png", ".//assets/logo.png", "assets/./../assets/./logo.png",
                         "assets///logo.png", "././assets/logo.png", "assets/.//alias.png"]
        var identities = Set<FileIdentity>()
        for spelling in spellings {
            guard case .success(let loaded) = loader.load(spelling, declaredIn: directory.path) else {
                return XCTFail("\(spelling): \(loader.load(spelling, declaredIn: directory.path))")
            }
            identities.insert(loaded.identity)
        }
        XCTAssertEqual(identities.count, 1)
        // A second file does not fit in what is left of the total.
        guard case .failure(let problem) = loader.load("assets/other.png", declaredIn: directory.path) else { return XCTFail() }
        XCTAssertEqual(problem, .totalTooLarge(limit: 1500))
    }

    func testPerImageLimitIsCheckedBeforeReading() {
        let files = InMemoryImageFileSystem(files: ["big.png": Self.png + [UInt8](repeating: 0, count: 100)])
        let loader = ImageFileLoader(options: ImageFileOptions(maxBytesPerImage: 64, fileSystem: files))
        guard case .failure(let problem) = loader.load("big.png", declaredIn: ".") else { return XCTFail() }
        XCTAssertEqual(problem, .tooLarge(size: 108, limit: 64))
    }

    func testPathProblemsComeBeforeAnyFileIsOpened() {
        let loader = ImageFileLoader(options: ImageFileOptions(fileSystem: InMemoryImageFileSystem(files: ["a.png": Self.png])))
        let cases: [(String, ImageFileProblem)] = [
            ("a.png\0.svg", .controlCharacter), ("a\u{7}.png", .controlCharacter), ("a\u{85}.png", .controlCharacter),
            ("/a.png", .absolutePath), ("../a.png", .outsideRoot(root: "dir")), ("x/../../a.png", .outsideRoot(root: "dir")),
            ("", .notRegularFile(kind: "an empty path")),
        ]
        for (path, expected) in cases {
            guard case .failure(let problem) = loader.load(path, declaredIn: "dir") else { XCTFail(path); continue }
            XCTAssertEqual(problem, expected, path)
        }
        guard case .success = loader.load("x/../a.png", declaredIn: "dir") else { return XCTFail("a '..' that stays inside") }
    }

    func testContentMatchesItsType() {
        XCTAssertTrue(ImageType.png.matches(Self.png))
        XCTAssertFalse(ImageType.png.matches(Array("root:x:0:0".utf8)))
        XCTAssertTrue(ImageType.jpeg.matches([0xFF, 0xD8, 0xFF, 0xE0]))
        XCTAssertFalse(ImageType.jpeg.matches(Self.png))
        XCTAssertTrue(ImageType.gif.matches(Array("GIF89a....".utf8)))
        XCTAssertTrue(ImageType.webp.matches(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)))
        XCTAssertFalse(ImageType.webp.matches(Array("RIFF\0\0\0\0WAVE".utf8)))
        XCTAssertTrue(ImageType.svg.matches(Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<!-- x -->\n<svg xmlns=\"a\"/>".utf8)))
        XCTAssertTrue(ImageType.svg.matches(Array("<svg>".utf8)))
        XCTAssertFalse(ImageType.svg.matches(Array("<svgx>".utf8)))
        XCTAssertFalse(ImageType.svg.matches(Array("<html><svg>".utf8)))
        XCTAssertFalse(ImageType.svg.matches(Array("<!-- unterminated <svg>".utf8)))
        XCTAssertEqual(ImageType(path: "a.JPG"), .jpeg)
        XCTAssertNil(ImageType(path: "a.png/b"))
        XCTAssertNil(ImageType(path: "notes.yaml"))
    }
}
