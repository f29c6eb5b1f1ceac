import Foundation
import TestSupport
import XCTest

/// `--format whatsnewkit-json` and `--refs-out` through the built binary: the keys WhatsNewKit's decoder requires
/// (issue 17), keys valid under whatsnew's own schema, the usage errors of `--refs-out`, and what WhatsNewKit cannot
/// express (refused, or dropped with a warning). The contract is `WhatsNewKitDocument`.
final class WhatsNewKitJSONTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("whatsnewkit-json")
    }

    override func tearDown() {
        directory = nil
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(arguments, in: directory.url)
    }

    /// Compiles `manifest` to `wnk.json` and `refs.json`, and decodes them as an app would.
    private func decodeAsWhatsNewKit(_ manifest: String, _ arguments: [String] = [],
                                     file: StaticString = #filePath, line: UInt = #line) throws -> (json: [[String: Any]], documents: [WhatsNewKitDocument]) {
        try directory.write("notes.yaml", manifest)
        let result = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "-o", "wnk.json", "--refs-out", "refs.json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let data = try Data(contentsOf: directory.url.appendingPathComponent("wnk.json"))
        let registry = try JSONDecoder().decode(WhatsNewKitRegistry.self, from: Data(contentsOf: directory.url.appendingPathComponent("refs.json")))
        let json = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return (json, try WhatsNewKitDocument.decode(data, registry: registry))
    }

    private static let registryKey = try! NSRegularExpression(pattern: "^[A-Za-z_][A-Za-z0-9_.-]*$")

    private static func isRegistryKey(_ key: String) -> Bool {
        key.utf16.count <= 200 && registryKey.firstMatch(in: key, range: NSRange(location: 0, length: key.utf16.count)) != nil
    }

    // MARK: The keys the decoder requires

    /// WhatsNewKit decodes `image` with `decode` and throws when no image is registered under it: a feature
    /// without an image refers to `noImage`, which `--refs-out` registers (issue 17: the key was left out).
    func testAFeatureWithoutAnImageRefersToAnEmptyImageTheRefsRegister() throws {
        let (json, documents) = try decodeAsWhatsNewKit("""
            versions:
              - version: 1.0.0
                features:
                  - title: Offline maps
                    subtitle: Download a region.
            """)
        let feature = (json.first?["features"] as? [[String: Any]])?.first
        XCTAssertEqual(feature?["image"] as? String, "noImage")
        XCTAssertEqual(documents.first?.features.first?.image, try JSONDecoder().decode(WhatsNewKitRegistry.Image.self, from: Data(#"{"systemName": "none"}"#.utf8)))
        let refs = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "-o", "wnk.json", "--refs-out", "refs.yaml"])
        XCTAssertEqual(refs.status, 0, refs.stderr)
        let yaml = try String(contentsOf: directory.url.appendingPathComponent("refs.yaml"), encoding: .utf8)
        XCTAssertTrue(yaml.contains("  # The image of a feature without one (WhatsNewKit needs one): register an empty image, WhatsNew.Feature.Image { EmptyView() }.\n  noImage:\n    systemName: none\n"), yaml)
    }

    /// WhatsNewKit decodes `secondaryAction` with `decode` (required, a string) and finds none under a key nothing
    /// is registered under: a version without one has `""` (issue 17: the key was left out), which whatsnew reads
    /// back as none.
    func testAVersionWithoutASecondaryActionHasAnEmptyKeyThatReadsBackAsNone() throws {
        let (json, documents) = try decodeAsWhatsNewKit("""
            versions:
              - version: 1.0.0
                features:
                  - image: { systemName: star.fill }
                    title: Offline maps
                    subtitle: Download a region.
            """)
        XCTAssertEqual(json.first?["secondaryAction"] as? String, "")
        XCTAssertEqual(documents.count, 1)
        XCTAssertNil(documents.first?.secondaryAction)
        XCTAssertEqual(documents.first?.primaryAction.title, "Continue")
        XCTAssertEqual(documents.first?.version.description, "1.0.0")

        let validated = try run(["validate", "wnk.json", "--refs", "refs.json"])
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertEqual(validated.stderr, "")
        let back = try run(["compile", "wnk.json", "--refs", "refs.json", "--format", "json"])
        XCTAssertEqual(back.status, 0, back.stderr)
        let notes = try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any]
        XCTAssertTrue((notes?["versions"] as? [[String: Any]])?.first?["secondaryAction"] is NSNull, back.stdout)
    }

    /// Every document has the five keys, always as strings (never `null`).
    func testEveryDocumentHasEveryKeyTheDecoderRequires() throws {
        let (json, _) = try decodeAsWhatsNewKit(try String(contentsOf: Paths.fixtures.appendingPathComponent("whatsnewkit/inline.yaml"), encoding: .utf8))
        XCTAssertEqual(json.count, 3)
        for document in json {
            XCTAssertEqual(Set(document.keys), ["version", "title", "features", "primaryAction", "secondaryAction"])
            for key in ["version", "title", "primaryAction", "secondaryAction"] { XCTAssertTrue(document[key] is String, "\(key) in \(document)") }
            for feature in document["features"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(Set(feature.keys), ["image", "title", "subtitle"])
                XCTAssertTrue(feature.values.allSatisfy { $0 is String }, "\(feature)")
            }
        }
    }

    // MARK: Keys valid everywhere

    /// Inline images and actions got keys like `1.2.0/android-only/image`, which whatsnew's own schema rejects
    /// (issue 17). Their keys now match the registry key pattern, are unique, and read back with `--refs`.
    func testKeysOfInlineImagesAndActionsAreValidUniqueAndReadBack() throws {
        let manifest = try String(contentsOf: Paths.fixtures.appendingPathComponent("whatsnewkit/inline.yaml"), encoding: .utf8)
        let (json, _) = try decodeAsWhatsNewKit(manifest)
        let images = json.flatMap { ($0["features"] as? [[String: Any]] ?? []).compactMap { $0["image"] as? String } }
        XCTAssertEqual(images, ["v2.0.0-feature-1-image-2", "v2.0.0-shared-lists-image", "v2.0.0-feature-1-image", "noImage", "noImage"])
        XCTAssertEqual(json.map { $0["primaryAction"] as? String }, ["defaults-primaryAction", "v1.1.0-primaryAction", "defaults-primaryAction"])
        XCTAssertEqual(json.map { $0["secondaryAction"] as? String }, ["v2.0.0-secondaryAction", "v1.1.0-secondaryAction", ""])
        let registry = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("refs.json"))) as? [String: [String: Any]] ?? [:]
        let keys = registry.values.flatMap(\.keys)
        XCTAssertEqual(keys.count, 8)
        XCTAssertEqual(Set(keys).count, keys.count, "unique across the three registries, as userInfo is one dictionary")
        for key in keys { XCTAssertTrue(Self.isRegistryKey(key), key) }

        let validated = try run(["validate", "wnk.json", "--refs", "refs.json"])
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertEqual(validated.stderr, "")
        // Stable: the same run gives the same keys.
        let again = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json"])
        XCTAssertEqual(again.stdout, try String(contentsOf: directory.url.appendingPathComponent("wnk.json"), encoding: .utf8))
    }

    /// A key is the same whatever `--release`, `--since` and `--platform` select: it comes from where the value is
    /// written (a feature's place as written, not among the features a platform keeps).
    func testKeysDoNotDependOnTheSelection() throws {
        try directory.write("notes.yaml", """
            versions:
              - version: 1.1.0
                features:
                  - image: { emoji: "⌚" }
                    title: Watch app
                    subtitle: On your wrist.
                    platforms: [watchos]
                  - image: { systemName: star.fill }
                    title: Favorites
                    subtitle: Star a trail.
                primaryAction: { title: Go }
              - version: 1.0.0
                features:
                  - image: { systemName: bolt.fill }
                    title: Sync
                    subtitle: In the background.
                primaryAction: { title: Go }
            """)
        func keys(_ arguments: [String]) throws -> [String] {
            let result = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json"] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return json.flatMap { document in (document["features"] as? [[String: Any]] ?? []).compactMap { $0["image"] as? String } + [document["primaryAction"] as? String ?? ""] }
        }
        XCTAssertEqual(try keys(["--platform", "ios"]), ["v1.1.0-feature-2-image", "v1.1.0-primaryAction", "v1.0.0-feature-1-image", "v1.0.0-primaryAction"])
        XCTAssertEqual(try keys(["--platform", "watchos"]), ["v1.1.0-feature-1-image", "v1.1.0-feature-2-image", "v1.1.0-primaryAction",
                                                             "v1.0.0-feature-1-image", "v1.0.0-primaryAction"])
        XCTAssertEqual(try keys(["--platform", "ios", "--release", "1.0.0"]), ["v1.0.0-feature-1-image", "v1.0.0-primaryAction"])
        XCTAssertEqual(try keys(["--platform", "ios", "--since", "1.0.0"]), ["v1.1.0-feature-2-image", "v1.1.0-primaryAction"])
    }

    // MARK: --refs-out

    func testRefsOutWithoutAWhatsNewKitJSONOutputIsAUsageError() throws {
        try directory.write("notes.yaml", "versions:\n  - version: 1.0.0\n    features: []\n")
        for arguments in [["-o", "wnk.json"], ["--format", "json"], ["--format", "html", "--format", "json", "-o", "site/"], []] {
            let result = try run(["compile", "notes.yaml", "--refs-out", "refs.yaml"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--refs-out writes the registries of a whatsnewkit-json output, and this run writes none; add --format whatsnewkit-json, or leave --refs-out out"),
                          result.stderr)
        }
        let extensionless = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "--refs-out", "refs.txt"])
        XCTAssertEqual(extensionless.status, 64, extensionless.stderr)
        XCTAssertTrue(extensionless.stderr.contains("cannot tell the format of --refs-out 'refs.txt' from its extension; expected .yaml, .yml or .json"), extensionless.stderr)
        try directory.write("template.mustache", "{{#versions}}{{version}}{{/versions}}\n")
        let template = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "--template", "template.mustache", "--refs-out", "refs.yaml"])
        XCTAssertEqual(template.status, 64, template.stderr)
        XCTAssertTrue(template.stderr.contains("--refs-out cannot be used with --template"), template.stderr)
        let same = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "-o", "refs.yaml", "--refs-out", "refs.yaml"])
        XCTAssertEqual(same.status, 64, same.stderr)
        XCTAssertEqual(same.stderr, "whatsnew: error: --refs-out 'refs.yaml' is also the whatsnewkit-json output 'refs.yaml'; expected two different files\n")
        let input = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "--refs-out", "notes.yaml"])
        XCTAssertEqual(input.status, 64, input.stderr)
        XCTAssertTrue(input.stderr.contains("the output 'notes.yaml' is an input of this run"), input.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("refs.yaml")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("refs.txt")))
    }

    /// Written atomically like `-o`, YAML or JSON by the extension; and nothing at all when the run has errors.
    func testRefsOutIsWrittenByItsExtensionAndNotAtAllOnErrors() throws {
        try directory.write("notes.yaml", """
            versions:
              - version: 1.0.0
                features:
                  - title: Hello
                    subtitle: World.
            """)
        for name in ["refs.yaml", "refs.yml", "refs.json", "REFS.JSON"] {
            let result = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "-o", "wnk.json", "--refs-out", name])
            XCTAssertEqual(result.status, 0, result.stderr)
            let text = try String(contentsOf: directory.url.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(text.hasPrefix("{"), name.lowercased().hasSuffix(".json"), text)
            XCTAssertEqual(text.hasPrefix("# The images and actions whatsnewkit-json refers to by key"), !name.lowercased().hasSuffix(".json"), text)
            let validated = try run(["validate", "wnk.json", "--refs", name])
            XCTAssertEqual(validated.status, 0, validated.stderr)
            try FileManager.default.removeItem(atPath: directory.path("wnk.json"))
        }
        try directory.write("refs.yaml", "# mine\n")
        try directory.write("notes.yaml", "versions:\n  - version: 2.0.0-beta.1\n    features: []\n")
        let refused = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "-o", "wnk.json", "--refs-out", "refs.yaml"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("[whatsnewkit-prerelease]"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: directory.url.appendingPathComponent("refs.yaml"), encoding: .utf8), "# mine\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("wnk.json")))
    }

    /// The YAML registries read back as exactly what they were made from, whatever the texts hold: YAML syntax,
    /// words YAML reads as booleans, control and bidi characters, line breaks YAML would fold, several lines.
    func testTheYAMLRefsHoldEveryTextExactly() throws {
        let titles = ["true", "No", "null", "~", "a: b", "# not a comment", "- item", "'quoted'", "\"double\"", " leading space", "trailing space ",
                      "tab\there", "line\u{2028}separator", "next\u{85}line", "bidi \u{202E}override", "bell \u{7}", "[brackets] {braces}", "@at",
                      "`code` *emphasis*", "Weiter", "继续", "üñï", "emoji 👩‍💻", "percent % and & and *", "back\\slash", "1.10", "0x1F", "12:30"]
        let bodies = ["Two\nlines\n", "No final break", "Ends with two\n\n", "  indented first line\n", "trailing \nspace\n", "tab\tinside\n",
                      "# Heading\n\n- list\n- items\n\n> quote\n"]
        var manifest = "secondaryActions:\n"
        for (index, title) in titles.enumerated() {
            manifest += "  a\(index):\n    title: \(Self.jsonString(title))\n    custom: id\(index)\n"
        }
        for (index, body) in bodies.enumerated() {
            manifest += "  b\(index):\n    title: Page\n    present: { title: \(Self.jsonString("Title \(index)")), body: \(Self.jsonString(body)) }\n"
        }
        manifest += "versions:\n"
        for index in 0..<(titles.count + bodies.count) {
            let key = index < titles.count ? "a\(index)" : "b\(index - titles.count)"
            manifest += "  - version: 1.\(index).0\n    features: []\n    secondaryAction: \(key)\n"
        }
        try directory.write("notes.yaml", manifest)
        let original = try run(["compile", "notes.yaml", "--format", "json"])
        XCTAssertEqual(original.status, 0, original.stderr)
        let compiled = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "-o", "wnk.json", "--refs-out", "refs.yaml"])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        let back = try run(["compile", "wnk.json", "--refs", "refs.yaml", "--format", "json"])
        XCTAssertEqual(back.status, 0, back.stderr)
        func actions(_ json: String) throws -> [String] {
            let notes = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return try (notes?["versions"] as? [[String: Any]] ?? []).map {
                String(decoding: try JSONSerialization.data(withJSONObject: $0["secondaryAction"] ?? NSNull(), options: [.sortedKeys]), as: UTF8.self)
            }
        }
        XCTAssertEqual(try actions(back.stdout), try actions(original.stdout))
        let yaml = try String(contentsOf: directory.url.appendingPathComponent("refs.yaml"), encoding: .utf8)
        XCTAssertTrue(yaml.contains("    title: Weiter\n"), yaml)
        XCTAssertTrue(yaml.contains("    title: \"true\"\n"), yaml)
        XCTAssertTrue(yaml.contains("      body: |\n        # Heading\n\n        - list\n"), yaml)
    }

    private static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast().description
    }

    // MARK: What WhatsNewKit cannot express

    func testFeaturesLimitedToPlatformsNeedPlatform() throws {
        try directory.write("notes.yaml", """
            versions:
              - version: 1.0.0
                features:
                  - id: watch
                    title: Watch app
                    subtitle: On your wrist.
                    platforms: [watchos]
                  - title: Sync
                    subtitle: Everywhere.
                    platforms: [ios, macos]
            """)
        let refused = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.hasPrefix("""
            notes.yaml:4:9: error: feature 'watch' of version 1.0.0 is only for watchos (and 1 more feature limited to platforms); WhatsNewKit has no platforms and would show it on every device [whatsnewkit-platforms]
            """), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("= fix: compile for the platform of the app with --platform (e.g. --platform ios), one output per platform"), refused.stderr)
        let ios = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "--platform", "ios"])
        XCTAssertEqual(ios.status, 0, ios.stderr)
        XCTAssertTrue(ios.stdout.contains("\"title\": \"Sync\""), ios.stdout)
        XCTAssertFalse(ios.stdout.contains("Watch app"), ios.stdout)
    }

    func testAPreReleaseIsRefused() throws {
        try directory.write("notes.yaml", "versions:\n  - version: 2.0.0-beta.1\n    features: []\n  - version: 1.0.0\n    features: []\n")
        let refused = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("error: version '2.0.0-beta.1' is a pre-release; WhatsNewKit has no pre-releases and would read it as 2.0.1 [whatsnewkit-prerelease]"),
                      refused.stderr)
        XCTAssertEqual(try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "--release", "1.0.0"]).status, 0)
    }

    /// WhatsNewKit's decoder keeps images and actions in one `userInfo`: one key for an image and an action would
    /// be one value, and one of the lookups would fail.
    func testAKeyThatNamesAnImageAndAnActionIsRefused() throws {
        try directory.write("notes.yaml", """
            images:
              go: { systemName: star.fill }
            primaryActions:
              go: { title: Go }
            versions:
              - version: 1.0.0
                primaryAction: go
                features:
                  - image: go
                    title: Hello
                    subtitle: World.
            """)
        let refused = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix("""
            notes.yaml:7:20: error: 'go' names both an image and a primary action; WhatsNewKit's decoder looks all of them up in one userInfo dictionary, where one would replace the other [whatsnewkit-key-conflict]
            """), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("notes.yaml:9:16: note: 'go' is also used as an image here"), refused.stderr)
        // The other outputs have separate registries, and no such problem.
        XCTAssertEqual(try run(["compile", "notes.yaml", "--format", "json"]).status, 0)
    }

    /// An image file in `--refs-out` is relative to the refs file, and must lie inside its directory (or
    /// `--assets-root`), as `--refs` reads it.
    func testImageFilesAreRelativeToTheRefsFileAndInsideIt() throws {
        let svg = try Data(contentsOf: Paths.fixtures.appendingPathComponent("assets/logo.svg"))
        try directory.write("app/assets/logo.svg", Array(svg))
        try directory.write("app/notes.yaml", """
            versions:
              - version: 1.0.0
                features:
                  - image: { file: assets/logo.svg }
                    title: Logo
                    subtitle: A file.
            """)
        try FileManager.default.createDirectory(atPath: directory.path("out"), withIntermediateDirectories: true)
        let beside = try run(["compile", "app/notes.yaml", "--format", "whatsnewkit-json", "-o", "app/wnk.json", "--refs-out", "app/refs.yaml"])
        XCTAssertEqual(beside.status, 0, beside.stderr)
        XCTAssertTrue(try String(contentsOf: directory.url.appendingPathComponent("app/refs.yaml"), encoding: .utf8).contains("    file: assets/logo.svg\n"))
        XCTAssertEqual(try run(["validate", "app/wnk.json", "--refs", "app/refs.yaml"]).status, 0)

        let above = try run(["compile", "app/notes.yaml", "--format", "whatsnewkit-json", "-o", "wnk.json", "--refs-out", "refs.yaml"])
        XCTAssertEqual(above.status, 0, above.stderr)
        XCTAssertTrue(try String(contentsOf: directory.url.appendingPathComponent("refs.yaml"), encoding: .utf8).contains("    file: app/assets/logo.svg\n"))
        XCTAssertEqual(try run(["validate", "wnk.json", "--refs", "refs.yaml"]).status, 0)

        let outside = try run(["compile", "app/notes.yaml", "--format", "whatsnewkit-json", "-o", "out/wnk.json", "--refs-out", "out/refs.yaml"])
        XCTAssertEqual(outside.status, 1, outside.stderr)
        XCTAssertTrue(outside.stderr.hasPrefix("""
            app/notes.yaml:4:24: error: the image file 'assets/logo.svg' is outside the directory of --refs-out 'out/refs.yaml'; a --refs file's images must lie inside its directory (or --assets-root), so whatsnew could not read it back [whatsnewkit-refs-image-path]
            """), outside.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("out/refs.yaml")))
        // Without --refs-out, there is no refs file to read it back from.
        XCTAssertEqual(try run(["compile", "app/notes.yaml", "--format", "whatsnewkit-json", "-o", "out/wnk.json"]).status, 0)

        let rooted = try run(["compile", "app/notes.yaml", "--format", "whatsnewkit-json", "-o", "out/wnk.json", "--refs-out", "out/refs.yaml",
                              "--assets-root", "."])
        XCTAssertEqual(rooted.status, 0, rooted.stderr)
        XCTAssertTrue(try String(contentsOf: directory.url.appendingPathComponent("out/refs.yaml"), encoding: .utf8).contains("    file: \"../app/assets/logo.svg\"\n"))
        XCTAssertEqual(try run(["validate", "out/wnk.json", "--refs", "out/refs.yaml", "--assets-root", "."]).status, 0)
    }

    /// What WhatsNewKit's JSON drops, with a warning each: Markdown (it shows texts as written), a title's color
    /// (titles are strings), a version's layout (it has none), and translations when no --locale chose one.
    func testWhatIsDroppedIsAWarning() throws {
        try directory.write("notes.yaml", """
            defaults:
              locale: en
              layout: { featureListSpacing: 35 }
            versions:
              - version: 1.0.0
                date: 2025-01-01
                title:
                  text: { en: "What's **New**", de: "**Neu**" }
                  foregroundColor: accentColor
                features:
                  - id: maps
                    image: { systemName: map.fill }
                    title: Maps
                    subtitle: Read the [guide](https://example.com) and ~~more~~.
                layout: { contentSpacing: 80 }
            """)
        let result = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let codes = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.contains(": warning: "), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
        XCTAssertEqual(codes, ["whatsnewkit-layout", "whatsnewkit-plain-text", "whatsnewkit-one-locale", "whatsnewkit-title-color", "whatsnewkit-plain-text"],
                       result.stderr)
        XCTAssertTrue(result.stdout.contains("\"title\": \"What's New\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("\"subtitle\": \"Read the guide and more.\""), result.stdout)
        XCTAssertTrue(result.stderr.contains("warning: texts are translated (en, de) and no --locale chose a language: whatsnewkit-json holds one text per field, here the 'en' one"),
                      result.stderr)
        let german = try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "--locale", "de"])
        XCTAssertTrue(german.stdout.contains("\"title\": \"Neu\""), german.stdout)
        XCTAssertFalse(german.stderr.contains("whatsnewkit-one-locale"), german.stderr)
        XCTAssertEqual(try run(["compile", "notes.yaml", "--format", "whatsnewkit-json", "--strict"]).status, 1)
    }

    // MARK: The decoder of the tests holds to the contract

    /// What issue 17 reported would fail in WhatsNewKit: `WhatsNewKitDocument` throws as WhatsNewKit's decoder does.
    func testTheContractDecoderRejectsWhatWhatsNewKitRejects() throws {
        let registry = try JSONDecoder().decode(WhatsNewKitRegistry.self, from: Data("""
            {"images": {"star": {"systemName": "star.fill"}}, "primaryActions": {"continue": {"title": "Continue", "backgroundColor": "accentColor", "foregroundColor": "white"}},
             "secondaryActions": {"more": {"title": "More", "foregroundColor": "accentColor", "openURL": "https://example.com"}}}
            """.utf8))
        func decode(_ document: String) throws -> [WhatsNewKitDocument] {
            try WhatsNewKitDocument.decode(Data("[\(document)]".utf8), registry: registry)
        }
        let feature = #"{"image": "star", "title": "T", "subtitle": "S"}"#
        XCTAssertEqual(try decode(#"{"version": "1.2", "title": "T", "features": [\#(feature)], "primaryAction": "continue", "secondaryAction": "more"}"#)
            .first?.secondaryAction?.title, "More")
        XCTAssertNil(try decode(#"{"version": "1.0.0", "title": "T", "features": [], "primaryAction": "continue", "secondaryAction": ""}"#).first?.secondaryAction)
        // The shapes issue 17 reported: no `secondaryAction`, no `image`; and `null` is no better.
        for missing in [#"{"version": "1.0.0", "title": "T", "features": [], "primaryAction": "continue"}"#,
                        #"{"version": "1.0.0", "title": "T", "features": [{"title": "T", "subtitle": "S"}], "primaryAction": "continue", "secondaryAction": ""}"#,
                        #"{"version": "1.0.0", "title": "T", "features": [], "primaryAction": "continue", "secondaryAction": null}"#] {
            XCTAssertThrowsError(try decode(missing), missing) { error in XCTAssertTrue(error is DecodingError, "\(error)") }
        }
        XCTAssertThrowsError(try decode(#"{"version": "1.0.0", "title": "T", "features": [{"image": "1.2.0/android-only/image", "title": "T", "subtitle": "S"}], "primaryAction": "continue", "secondaryAction": ""}"#)) { error in
            XCTAssertEqual(error as? WhatsNewKitDocument.DecodeError, .imageNotFound("1.2.0/android-only/image"))
        }
        XCTAssertThrowsError(try decode(#"{"version": "1.0.0", "title": "T", "features": [], "primaryAction": "star", "secondaryAction": ""}"#)) { error in
            XCTAssertEqual(error as? WhatsNewKitDocument.DecodeError, .primaryActionNotFound("star"), "an image is no primary action")
        }
        XCTAssertEqual(try decode(#"{"version": "v1.2.3", "title": "T", "features": [], "primaryAction": "continue", "secondaryAction": ""}"#).first?.version.description,
                       "2.3.0", "WhatsNewKit's lenient reading")
    }
}
