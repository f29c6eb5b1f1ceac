import Foundation
import TestSupport
import XCTest

/// Every fixture WhatsNewKit can express, through the built binary: compiled to whatsnewkit-json with
/// `--refs-out`, validated with the refs, compiled back to JSON and compared with the JSON of the original (after
/// the differences docs/whatsnewkit.md documents); and decoded as an app would with WhatsNewKit's decoder
/// (`WhatsNewKitDocument`).
final class WhatsNewKitRoundTripTests: XCTestCase {
    /// A fixture, the files it needs (copied into a directory of the test's own, where the refs are written
    /// beside it), and the selections to compile it with.
    struct Fixture {
        let input: String
        var files: [String] = []
        var refs: [String] = []
        /// `--locale` and `--platform` pairs (nil: not given).
        var selections: [(locale: String?, platform: String?)] = [(nil, nil)]
    }

    static let fixtures: [Fixture] = [
        Fixture(input: "notes.yaml", files: ["assets/logo.svg"],
                selections: [("en", "ios"), ("de", "watchos"), ("zh-Hans", "visionos"), ("de-AT", "macos")]),
        Fixture(input: "notes.json", files: ["assets/logo.svg"], selections: [("zh-Hans", "watchos")]),
        Fixture(input: "whatsnewkit/notes.json", refs: ["whatsnewkit/refs.yaml"]),
        Fixture(input: "whatsnewkit/inline.yaml"),
        Fixture(input: "valid/minimal/input.yaml"),
        Fixture(input: "valid/json-minimal/input.json"),
        Fixture(input: "valid/aliases-and-merge/input.yaml"),
        Fixture(input: "valid/layout-insets/input.yaml"),
        Fixture(input: "valid/localized/input.yaml", selections: [("en", nil), ("de", nil), ("de-CH", nil), ("zh-Hans", nil), ("fr", nil)]),
        Fixture(input: "browser/stress.yaml", files: ["browser/assets/stress.svg"], selections: [("de", nil)]),
    ]

    /// One compilation of a fixture: its directory (a copy), the input and refs in it, and the selection arguments.
    struct Run {
        let directory: TemporaryDirectory
        let input: String
        let refs: [String]
        let selection: [String]
        let locale: [String]
        let label: String
    }

    /// Every run: each selection of each fixture, with `--release` for each version when the fixture has a
    /// pre-release (which WhatsNewKit cannot express), else all of its versions at once.
    private func runs() throws -> [Run] {
        var runs: [Run] = []
        for fixture in Self.fixtures {
            let directory = try TemporaryDirectory("wnk-round-trip")
            for file in [fixture.input] + fixture.files + fixture.refs {
                try directory.write(file, Array(try Data(contentsOf: Paths.fixtures.appendingPathComponent(file))))
            }
            let refs = fixture.refs.flatMap { ["--refs", $0] }
            for (locale, platform) in fixture.selections {
                let localeArguments = locale.map { ["--locale", $0] } ?? []
                var selection = localeArguments + (platform.map { ["--platform", $0] } ?? [])
                let all = try CommandRunner.run(["compile", fixture.input, "--format", "json"] + refs + selection, in: directory.url)
                XCTAssertEqual(all.status, 0, "\(fixture.input): \(all.stderr)")
                let versions = try Self.versions(of: all.stdout)
                let releases = versions.contains { $0.prerelease } ? versions.filter { !$0.prerelease }.map { [$0.version] } : [[]]
                for release in releases {
                    selection = localeArguments + (platform.map { ["--platform", $0] } ?? []) + release.flatMap { ["--release", $0] }
                    runs.append(Run(directory: directory, input: fixture.input, refs: refs, selection: selection, locale: localeArguments,
                                    label: ([fixture.input] + selection).joined(separator: " ")))
                }
            }
        }
        return runs
    }

    private static func versions(of json: String) throws -> [(version: String, prerelease: Bool)] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["versions"] as? [[String: Any]] ?? []).map { ($0["version"] as? String ?? "", $0["prerelease"] as? Bool ?? false) }
    }

    /// (a) compile → whatsnewkit-json and refs → validate → compile back → the original's JSON, as far as WhatsNewKit
    /// expresses it; (b) WhatsNewKit's decoder decodes the output with the refs, and the app shows the same texts.
    /// (One test, so that each fixture is compiled once for both: every run starts the binary five times.)
    func testEveryExpressibleFixtureRoundTripsAndDecodesWithWhatsNewKitsDecoder() throws {
        let runs = try runs()
        XCTAssertGreaterThanOrEqual(runs.count, 40)
        var checkedBothRefsFormats: Set<String> = []
        for run in runs {
            let directory = run.directory
            // Written beside the input, where its image files are.
            let folder = (run.input as NSString).deletingLastPathComponent
            let output = folder.isEmpty ? "wnk.json" : folder + "/wnk.json"
            let refs = folder.isEmpty ? "wnk-refs" : folder + "/wnk-refs"
            let original = try CommandRunner.run(["compile", run.input, "--format", "json"] + run.refs + run.selection, in: directory.url)
            XCTAssertEqual(original.status, 0, "\(run.label): \(original.stderr)")
            let compiled = try CommandRunner.run(["compile", run.input, "--format", "whatsnewkit-json", "-o", output, "--refs-out", refs + ".yaml"]
                                                 + run.refs + run.selection, in: directory.url)
            XCTAssertEqual(compiled.status, 0, "\(run.label): \(compiled.stderr)")
            XCTAssertFalse(compiled.stderr.contains("error:"), "\(run.label): \(compiled.stderr)")

            let validated = try CommandRunner.run(["validate", output, "--refs", refs + ".yaml"], in: directory.url)
            XCTAssertEqual(validated.status, 0, "\(run.label): \(validated.stderr)")
            XCTAssertFalse(validated.stderr.contains("unused-reference"), "\(run.label): \(validated.stderr)")

            let back = try CommandRunner.run(["compile", output, "--refs", refs + ".yaml", "--format", "json"] + run.locale, in: directory.url)
            XCTAssertEqual(back.status, 0, "\(run.label): \(back.stderr)")
            let expected = try Self.expressible(original.stdout, roundTrip: false)
            let actual = try Self.expressible(back.stdout, roundTrip: true)
            if expected != actual {
                XCTFail("\(run.label): the round trip differs (- original, + round trip):\n" + Golden.lineDiff(expected: expected, actual: actual))
            }

            // The same registries as JSON, for the decoder; the JSON output is the same.
            let wnk = try Data(contentsOf: directory.url.appendingPathComponent(output))
            let json = try CommandRunner.run(["compile", run.input, "--format", "whatsnewkit-json", "-o", output, "--refs-out", refs + ".json"]
                                             + run.refs + run.selection, in: directory.url)
            XCTAssertEqual(json.status, 0, "\(run.label): \(json.stderr)")
            XCTAssertEqual(try Data(contentsOf: directory.url.appendingPathComponent(output)), wnk, run.label)
            if checkedBothRefsFormats.insert(run.input).inserted {
                let backFromJSON = try CommandRunner.run(["compile", output, "--refs", refs + ".json", "--format", "json"] + run.locale, in: directory.url)
                XCTAssertEqual(backFromJSON.stdout, back.stdout, "\(run.label): \(backFromJSON.stderr)")
            }
            try checkDecoder(wnk, refs: directory.url.appendingPathComponent(refs + ".json"), original: original.stdout, label: run.label)
        }
    }

    /// WhatsNewKit's decoder decodes `wnk` with the registries of `refs` registered, and shows what whatsnew shows.
    private func checkDecoder(_ wnk: Data, refs: URL, original: String, label: String) throws {
        let registry = try JSONDecoder().decode(WhatsNewKitRegistry.self, from: Data(contentsOf: refs))
        // One userInfo holds all three kinds: a key in two registries would be one value.
        let keys = [Array((registry.images ?? [:]).keys), Array((registry.primaryActions ?? [:]).keys), Array((registry.secondaryActions ?? [:]).keys)]
        XCTAssertEqual(Set(keys.joined()).count, keys.joined().count, "\(label): a key in two registries")
        let documents: [WhatsNewKitDocument]
        do {
            documents = try WhatsNewKitDocument.decode(wnk, registry: registry)
        } catch {
            XCTFail("\(label): WhatsNewKit's decoder fails: \(error)")
            return
        }
        let notes = try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any]
        let versions = notes?["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(documents.count, versions.count, label)
        for (document, version) in zip(documents, versions) {
            XCTAssertEqual(document.version.description, version["version"] as? String, label)
            XCTAssertEqual(document.title, Self.plain(version["title"]), label)
            let features = version["features"] as? [[String: Any]] ?? []
            XCTAssertEqual(document.features.map(\.title), features.map { Self.plain($0["title"]) }, label)
            XCTAssertEqual(document.features.map(\.subtitle), features.map { Self.plain($0["subtitle"]) }, label)
            for (feature, original) in zip(document.features, features) where original["image"] is NSNull {
                XCTAssertEqual(feature.image.systemName, "none", "\(label): a feature without an image gets the empty one")
            }
            let primary = version["primaryAction"] as? [String: Any]
            XCTAssertEqual(document.primaryAction.title, Self.markdown(primary?["title"]), label)
            let secondary = version["secondaryAction"] as? [String: Any]
            XCTAssertEqual(document.secondaryAction?.title, secondary.flatMap { Self.markdown($0["title"]) }, label)
        }
    }

    // MARK: What WhatsNewKit can express

    /// The JSON output as far as WhatsNewKit expresses it, for comparing an original with its round trip (the
    /// differences docs/whatsnewkit.md lists under "What WhatsNewKit cannot express"):
    /// - gone: the app, the accent colour and the default locale; a version's date, build, title colour and layout
    ///   (which then come back as the built-in values); a feature's id (and so its anchor) and platforms;
    /// - texts of versions and features are their plain text (and an image's alt text, which defaults to the
    ///   feature's title); the texts of actions and images keep their Markdown;
    /// - a feature without an image comes back with the empty image, `systemName: none`.
    static func expressible(_ json: String, roundTrip: Bool) throws -> String {
        guard var notes = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return json }
        for key in ["app", "accentColor", "locale"] { notes[key] = nil }
        notes["versions"] = (notes["versions"] as? [[String: Any]] ?? []).map { entry -> [String: Any] in
            var version = entry
            for key in ["date", "build", "titleColor", "layout"] { version[key] = nil }
            version["title"] = plain(version["title"])
            version["features"] = (version["features"] as? [[String: Any]] ?? []).map { entry -> [String: Any] in
                var feature = entry
                for key in ["id", "anchor", "platforms"] { feature[key] = nil }
                feature["title"] = plain(feature["title"])
                feature["subtitle"] = plain(feature["subtitle"])
                if var image = feature["image"] as? [String: Any] {
                    if roundTrip, image["systemName"] as? String == "none" {
                        feature["image"] = NSNull()
                    } else {
                        image["alt"] = plain(image["alt"])
                        feature["image"] = image
                    }
                }
                return feature
            }
            return version
        }
        let data = try JSONSerialization.data(withJSONObject: notes, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func plain(_ text: Any?) -> String? {
        (text as? [String: Any])?["plain"] as? String
    }

    static func markdown(_ text: Any?) -> String? {
        (text as? [String: Any])?["markdown"] as? String
    }
}
