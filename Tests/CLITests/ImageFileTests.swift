import Foundation
import TestSupport
import XCTest

/// Image `file:` paths from a manifest nobody vetted (issue 15, item 1; issue 14, item 5): each attack below
/// once inlined a local file into the published HTML, hung, or read past its limits.
final class ImageFileTests: XCTestCase {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("IHDR".utf8)
    private static let secret = "CI_SECRET=hunter2\n"

    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("images")
        try directory.write("secret.txt", Self.secret)
        try directory.write("secret.png", Self.png + Array(Self.secret.utf8))
    }

    override func tearDown() {
        directory = nil
    }

    /// A manifest in `m/` whose one feature shows `image` (a YAML flow mapping).
    private func manifest(image: String, in folder: String = "m") throws -> String {
        try directory.write("\(folder)/notes.yaml", """
        versions:
          - version: 1.0.0
            title: Hello
            features:
              - { image: \(image), title: First, subtitle: One }

        """)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(arguments, in: directory.url)
    }

    /// `validate --strict` fails with `code` at `position` (line:column of the path's value), and `compile`
    /// writes nothing and leaks nothing of the secret.
    private func assertRefused(_ image: String, code: String, at position: String, extra: [String] = [],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        try manifest(image: image)
        let validated = try run(["validate", "--strict", "m/notes.yaml"] + extra)
        XCTAssertEqual(validated.status, 1, validated.stderr, file: file, line: line)
        XCTAssertTrue(validated.stderr.contains("m/notes.yaml:\(position): error: "), validated.stderr, file: file, line: line)
        XCTAssertTrue(validated.stderr.contains("[\(code)]"), validated.stderr, file: file, line: line)
        let compiled = try run(["compile", "m/notes.yaml", "--format", "html"] + extra)
        XCTAssertEqual(compiled.status, 1, compiled.stderr, file: file, line: line)
        XCTAssertEqual(compiled.stdout, "", file: file, line: line)
        for leak in ["hunter2", Data(Self.secret.utf8).base64EncodedString(), "cm9vd"] {
            XCTAssertFalse(compiled.stdout.contains(leak) || validated.stderr.contains(leak), leak, file: file, line: line)
        }
    }

    func testNULInPathIsAnErrorAtTheValue() throws {
        try assertRefused(#"{ file: "../secret.txt\0.png" }"#, code: "invalid-image-path", at: "5:26")
        try assertRefused(#"{ file: "../../../../../../proc/self/environ\0.png" }"#, code: "invalid-image-path", at: "5:26")
    }

    func testOtherControlCharacterIsAnError() throws {
        try assertRefused(#"{ file: "a\u001B[2J.png" }"#, code: "invalid-image-path", at: "5:26")
    }

    func testAbsolutePathIsAnError() throws {
        try assertRefused("{ file: /etc/passwd.png }", code: "invalid-image-path", at: "5:26")
        try assertRefused("{ file: \(directory.path("secret.png")) }", code: "invalid-image-path", at: "5:26")
    }

    func testDotDotOutOfTheManifestsDirectoryIsAnError() throws {
        try assertRefused("{ file: ../secret.png }", code: "image-outside-root", at: "5:26")
        try assertRefused("{ file: assets/../../secret.png }", code: "image-outside-root", at: "5:26")
    }

    func testAssetsRootAllowsWhatItHolds() throws {
        try manifest(image: "{ file: ../secret.png }")
        let compiled = try run(["compile", "m/notes.yaml", "--format", "html", "--assets-root", "."])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertTrue(compiled.stdout.contains("<img src=\"data:image/png;base64,"), compiled.stdout)
        // Still nothing outside it.
        try assertRefused("{ file: ../../secret.png }", code: "image-outside-root", at: "5:26", extra: ["--assets-root", "."])
    }

    func testAssetsRootMustBeADirectory() throws {
        try manifest(image: "{ file: logo.png }")
        for command in ["compile", "validate"] {
            let result = try run([command, "m/notes.yaml", "--assets-root", "missing"])
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("--assets-root 'missing' is not a directory; expected an existing directory"), result.stderr)
        }
    }

    func testSymbolicLinkOutOfTheRootIsAnError() throws {
        try directory.mkdir("m/assets")
        try directory.symlink("m/assets/logo.png", to: "/etc/passwd")
        try assertRefused("{ file: assets/logo.png }", code: "image-outside-root", at: "5:26")
        try directory.symlink("m/assets/up", to: "../..")
        try assertRefused("{ file: assets/up/secret.png }", code: "image-outside-root", at: "5:26")
    }

    func testSymbolicLinkInsideTheRootIsFollowed() throws {
        try directory.write("m/assets/logo-v2.png", Self.png)
        try directory.symlink("m/assets/logo.png", to: "logo-v2.png")
        try manifest(image: "{ file: assets/logo.png }")
        let compiled = try run(["compile", "m/notes.yaml", "--format", "html"])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertTrue(compiled.stdout.contains("data:image/png;base64,\(Data(Self.png).base64EncodedString())"))
    }

    func testFIFODoesNotHangAndIsAnError() throws {
        try directory.mkdir("m")
        try directory.mkfifo("m/kmsg.png")
        try assertRefused("{ file: kmsg.png }", code: "missing-image-file", at: "5:26")
        XCTAssertTrue(try run(["validate", "m/notes.yaml"]).stderr.contains("is a FIFO"))
    }

    func testDirectoryIsAnError() throws {
        try directory.mkdir("m/dir.png")
        try assertRefused("{ file: dir.png }", code: "missing-image-file", at: "5:26")
    }

    func testContentMustMatchTheExtension() throws {
        try directory.write("m/passwd.png", "root:x:0:0:root:/root:/bin/bash\n")
        try assertRefused("{ file: passwd.png }", code: "invalid-image-content", at: "5:26")
        try directory.write("m/passwd.svg", "root:x:0:0:root:/root:/bin/bash\n")
        try assertRefused("{ file: passwd.svg }", code: "invalid-image-content", at: "5:26")
        try directory.write("m/page.svg", "<html><svg></svg></html>")
        try assertRefused("{ file: page.svg }", code: "invalid-image-content", at: "5:26")
    }

    func testSVGIsOnlyEverAnImgDataURI() throws {
        let svg = "<?xml version=\"1.0\"?>\n<!-- logo -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>\n"
        try directory.write("m/logo.svg", svg)
        try manifest(image: "{ file: logo.svg }")
        let compiled = try run(["compile", "m/notes.yaml", "--format", "html"])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertTrue(compiled.stdout.contains("<img src=\"data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())\""))
        XCTAssertFalse(compiled.stdout.contains("<svg"))
        XCTAssertFalse(compiled.stdout.contains("<script"))
    }

    func testImageOverThePerImageLimitIsAnError() throws {
        try directory.write("m/huge.png", Self.png + [UInt8](repeating: 0, count: 8 << 20))
        try manifest(image: "{ file: huge.png }")
        let validated = try run(["validate", "m/notes.yaml"])
        XCTAssertEqual(validated.status, 1)
        XCTAssertTrue(validated.stderr.contains("m/notes.yaml:5:26: error: image file 'huge.png' is 8388620 bytes; "
                                                + "expected at most 8 MiB (8388608 bytes) per image [image-too-large]"), validated.stderr)
    }

    /// The app icon's file is held to the same root as a feature's: outside it an error at the path, inside
    /// `--assets-root` read (and its alt text is the app's name).
    func testAppIconFileIsHeldToTheSameRoot() throws {
        try directory.write("m/notes.yaml", """
        app:
          name: Trails
          icon: { file: ../secret.png }
        versions:
          - version: 1.0.0
            features:
              - { image: { emoji: "⭐" }, title: First, subtitle: One }

        """)
        for command in [["validate", "--strict"], ["compile", "--format", "json"]] {
            let refused = try run(command + ["m/notes.yaml"])
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertEqual(refused.stdout, "")
            XCTAssertTrue(refused.stderr.contains("m/notes.yaml:3:17: error: image file '../secret.png' leads outside 'm'"), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("[image-outside-root]"), refused.stderr)
            XCTAssertFalse(refused.stderr.contains("hunter2"), refused.stderr)
        }
        let compiled = try run(["compile", "m/notes.yaml", "--format", "json", "--assets-root", "."])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertTrue(compiled.stdout.contains("\"icon\": {\n      \"file\": \"../secret.png\""), compiled.stdout)
        XCTAssertTrue(compiled.stdout.contains("\"plain\": \"Trails\""), compiled.stdout)
        XCTAssertFalse(compiled.stdout.contains("hunter2"), "JSON names the file, never its content")
        let outside = try run(["validate", "m/notes.yaml", "--assets-root", "m"])
        XCTAssertEqual(outside.status, 1, outside.stderr)
        XCTAssertTrue(outside.stderr.contains("m/notes.yaml:3:17: error: image file '../secret.png' leads outside 'm'"), outside.stderr)
    }

    /// `compile a/notes.yaml b/more.yaml`, each with an image beside it, in either order; and a `--refs`
    /// file's images beside the refs file.
    func testImagePathsAreRelativeToTheFileThatDeclaresThem() throws {
        let one = Self.png + [1], two = Self.png + [2], three = Self.png + [3]
        try directory.write("a/one.png", one)
        try directory.write("b/two.png", two)
        try directory.write("r/three.png", three)
        try directory.write("a/notes.yaml", """
        versions:
          - version: 1.0.0
            title: A
            features:
              - { image: { file: one.png }, title: One, subtitle: one }
              - { image: three, title: Three, subtitle: three }

        """)
        try directory.write("b/more.yaml", """
        versions:
          - version: 2.0.0
            title: B
            features:
              - { image: { file: two.png }, title: Two, subtitle: two }

        """)
        try directory.write("r/refs.yaml", "images:\n  three: { file: three.png }\n")
        for inputs in [["a/notes.yaml", "b/more.yaml"], ["b/more.yaml", "a/notes.yaml"]] {
            let compiled = try run(["compile"] + inputs + ["--refs", "r/refs.yaml", "--format", "html"])
            XCTAssertEqual(compiled.status, 0, "\(inputs): \(compiled.stderr)")
            for image in [one, two, three] {
                XCTAssertTrue(compiled.stdout.contains(Data(image).base64EncodedString()), "\(inputs)")
            }
        }
    }
}
