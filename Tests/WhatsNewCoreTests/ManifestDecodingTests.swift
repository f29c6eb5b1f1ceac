import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader
@testable import WhatsNewRender

/// Decoding by hand from the tree: values, their source positions, references, defaults and localization.
final class ManifestDecodingTests: XCTestCase {
    private func load(_ inputs: [String], refs: [String] = []) throws -> (Manifest?, DiagnosticEngine) {
        let engine = DiagnosticEngine()
        let paths = inputs.map { Paths.fixtures.appendingPathComponent($0).path }
        let manifest = try Compiler(referenceFiles: refs.map { Paths.fixtures.appendingPathComponent($0).path }).load(paths, engine: engine)
        return (manifest, engine)
    }

    private func load(text: String, name: String = "test.yaml") -> (Manifest?, DiagnosticEngine) {
        let engine = DiagnosticEngine()
        let file = SourceFile(name: name, text: text)
        let document = YAMLParser.parse(file, format: YAMLInputFormat(fileName: name))
        for error in document.errors { engine.report(Diagnostic(error, in: file)) }
        guard let root = document.root else { return (nil, engine) }
        var decoder = ManifestDecoder(engine: engine)
        decoder.addInput(root, file: file)
        let manifest = decoder.finish(firstFile: file)
        for rule in ManifestRules.all { rule.check(manifest, engine: engine) }
        return (manifest, engine)
    }

    func testExampleManifestDecodesFieldByField() throws {
        let (decoded, engine) = try load(["notes.yaml"])
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        let manifest = try XCTUnwrap(decoded)
        XCTAssertEqual(manifest.app, AppInfo(id: "com.example.trails", name: "Trails", url: "https://example.com/trails",
                                             icon: .key("logo", nil)))
        XCTAssertEqual(manifest.defaults.locale, "en")
        XCTAssertEqual(manifest.defaults.accentColor?.text, "#2E7D32")
        XCTAssertEqual(manifest.defaults.layout?.featureListSpacing, 35)
        XCTAssertEqual(manifest.defaults.title?.text.text(for: "zh-Hans"), "新功能")
        XCTAssertEqual(manifest.images.keys, ["star", "map", "bolt", "lock", "bell", "wand", "boot", "logo"])
        XCTAssertEqual(manifest.images["star"]?.source, .systemName("star.fill"))
        XCTAssertEqual(manifest.images["star"]?.foregroundColor?.text, "orange")
        XCTAssertEqual(manifest.images["map"]?.symbolRenderingMode, .hierarchical)
        XCTAssertEqual(manifest.images["boot"]?.source, .emoji("🥾"))
        XCTAssertEqual(manifest.images["logo"]?.source, .file("assets/logo.svg"))
        XCTAssertEqual(manifest.images["logo"]?.renderingMode, .original)
        XCTAssertEqual(manifest.images["logo"]?.alt?.text(for: "de"), "Trails-Logo")
        XCTAssertEqual(manifest.primaryActions["joinBeta"]?.hapticFeedback, .impact(style: .medium, intensity: 0.8))
        XCTAssertEqual(manifest.primaryActions["continue"]?.hapticFeedback, .notification(.success))
        XCTAssertEqual(manifest.secondaryActions["learnMore"]?.kind, .openURL("https://example.com/trails/notes"))
        XCTAssertEqual(manifest.secondaryActions["learnMore"]?.hapticFeedback, .selection)
        XCTAssertEqual(manifest.secondaryActions["notNow"]?.kind, .dismiss)
        XCTAssertEqual(manifest.secondaryActions["openSettings"]?.kind, .custom("com.example.trails.openSettings"))
        guard case .present(let pageTitle, let body)? = manifest.secondaryActions["offlineTour"]?.kind else {
            return XCTFail("offlineTour presents a page")
        }
        XCTAssertEqual(pageTitle?.text(for: "en"), "Offline maps")
        XCTAssertTrue(body.text(for: "de").hasPrefix("Lade eine Region **vor** dem Aufbruch"))

        XCTAssertEqual(manifest.versions.map(\.versionText), ["1.2.0", "2.0.0-beta.1", "1.0.0", "1.10", "1.2.1", "1.1.0", "1.3.0"])
        XCTAssertEqual(manifest.sortedVersions.map(\.version.description),
                       ["2.0.0-beta.1", "1.10.0", "1.3.0", "1.2.1", "1.2.0", "1.1.0", "1.0.0"])

        let first = manifest.versions[0]
        XCTAssertEqual(first.date, "2025-06-12")
        XCTAssertEqual(first.versionLocation?.range?.start, Mark(line: 140, column: 14, offset: 3818))
        XCTAssertEqual(first.title?.text.text(for: "de"), "**Neu** in Trails")
        XCTAssertEqual(first.features.map(\.id), ["offline-maps", "gpx-export"])
        XCTAssertEqual(first.features[0].image, .key("star", nil))
        XCTAssertEqual(first.features[0].platforms, ["ios", "ipados", "macos"])
        XCTAssertEqual(first.features[0].subtitle.text(for: "en"), "Download a region and navigate **without a connection**.")
        XCTAssertEqual(manifest.resolve(first.features[0].image)?.source, .systemName("star.fill"))
        XCTAssertEqual(manifest.primaryAction(for: first).title.text(for: "de"), "Weiter", "inherits defaults.primaryAction")
        XCTAssertEqual(manifest.secondaryAction(for: first)?.title.text(for: "en"), "How offline maps work")
        XCTAssertEqual(manifest.layout(for: first).contentSpacing, 80, "version layout")
        XCTAssertEqual(manifest.layout(for: first).featureListSpacing, 35, "defaults layout")
        XCTAssertEqual(manifest.layout(for: first).featureImageWidth, 40, "built-in layout")

        let beta = manifest.versions[1]
        XCTAssertTrue(beta.version.isPrerelease)
        XCTAssertEqual(beta.title?.foregroundColor?.text, "accentColor")
        XCTAssertEqual(manifest.layout(for: beta).featureHorizontalAlignment, .firstTextBaseline)
        XCTAssertEqual(manifest.resolve(beta.features[1].image)?.symbolRenderingMode, .palette)

        let tenth = manifest.versions[3]
        XCTAssertEqual(tenth.version, SemanticVersion(major: 1, minor: 10))
        XCTAssertEqual(manifest.title(for: tenth).text.text(for: "de"), "Neuigkeiten", "inherits defaults.title")
        XCTAssertEqual(manifest.layout(for: tenth).contentPadding, EdgeInsets(top: 80, leading: 8, trailing: 8))
        XCTAssertEqual(manifest.secondaryAction(for: tenth)?.kind, .openURL("https://example.com/trails/stories"))

        let latest = manifest.versions[6]
        XCTAssertEqual(manifest.primaryAction(for: latest).backgroundColor.text, "indigo")
        XCTAssertEqual(manifest.primaryAction(for: latest).foregroundColor.text, "white", "the default foreground")
        XCTAssertEqual(manifest.primaryAction(for: latest).hapticFeedback, .impact(style: nil, intensity: 0.5))
    }

    func testJSONTwinDecodesToTheSameManifest() throws {
        let (yaml, _) = try load(["notes.yaml"])
        let (json, engine) = try load(["notes.json"])
        XCTAssertFalse(engine.hasErrors)
        XCTAssertEqual(yaml?.versions.map(\.version), json?.versions.map(\.version))
        XCTAssertEqual(yaml?.versions.map(\.versionText), json?.versions.map(\.versionText))
        XCTAssertEqual(yaml?.versions.flatMap(\.features), json?.versions.flatMap(\.features))
        XCTAssertEqual(yaml?.images.keys, json?.images.keys)
    }

    func testWhatsNewKitDocumentWithReferences() throws {
        let (decoded, engine) = try load(["whatsnewkit/notes.json"], refs: ["whatsnewkit/refs.yaml"])
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        let manifest = try XCTUnwrap(decoded)
        let version = try XCTUnwrap(manifest.versions.first)
        XCTAssertEqual(version.version.description, "1.0.0")
        XCTAssertEqual(manifest.title(for: version).text.text(for: nil), "What's New")
        XCTAssertEqual(version.features.first?.title.text(for: nil), "Title")
        XCTAssertEqual(manifest.resolve(version.features.first?.image)?.source, .systemName("star.fill"))
        XCTAssertEqual(manifest.primaryAction(for: version).title.text(for: nil), "Continue")
        XCTAssertEqual(manifest.secondaryAction(for: version)?.kind, .openURL("https://github.com/SvenTiigi/WhatsNewKit"))
    }

    func testWhatsNewKitArrayOfDocuments() {
        let (manifest, engine) = load(text: """
        [{"version": "1.0.0", "title": "A", "features": [{"title": "T"}], "primaryAction": {"title": "OK"}},
         {"version": "1.1.0", "title": "B", "features": [{"title": "T"}]}]
        """, name: "array.json")
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        XCTAssertEqual(manifest?.versions.map(\.versionText), ["1.0.0", "1.1.0"])
    }

    func testLocalizationFallbackChain() {
        let text = LocalizedText(entries: [.init(locale: "en", text: "Hello"), .init(locale: "de", text: "Hallo"),
                                           .init(locale: "zh-Hans", text: "你好")])
        XCTAssertEqual(text.text(for: "de"), "Hallo")
        XCTAssertEqual(text.text(for: "de-AT"), "Hallo", "the language of the locale")
        XCTAssertEqual(text.text(for: "DE_at"), "Hallo", "case and separator do not matter")
        XCTAssertEqual(text.text(for: "zh-hans"), "你好")
        XCTAssertEqual(text.text(for: "fr", defaultLocale: "de"), "Hallo", "the default locale")
        XCTAssertEqual(text.text(for: "fr"), "Hello", "the first entry")
        XCTAssertEqual(text.text(for: nil, defaultLocale: "zh-Hans"), "你好")
        XCTAssertEqual(LocalizedText("Plain").text(for: "de"), "Plain")
    }

    func testYAMLSurprisesKeepTheirText() {
        let (manifest, engine) = load(text: """
        versions:
          - version: 2.0
            title: NO
            features:
              - title: 0777
                subtitle: 12:30:45
        """)
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        let version = manifest?.versions.first
        XCTAssertEqual(version?.versionText, "2.0")
        XCTAssertEqual(version?.title?.text.text(for: nil), "NO")
        XCTAssertEqual(version?.features.first?.title.text(for: nil), "0777")
        XCTAssertEqual(version?.features.first?.subtitle.text(for: nil), "12:30:45")
    }

    func testDiagnosticsCarryJSONPointersWhenAsked() throws {
        let unasked = DiagnosticEngine()
        try Compiler().validate([Paths.fixtures.appendingPathComponent("invalid/decode-ten-mistakes/input.yaml").path], engine: unasked)
        XCTAssertEqual(unasked.errorCount, 10)
        XCTAssertEqual(unasked.diagnostics.compactMap(\.path), [], "pointers are found only for the outputs that print them")
        let engine = DiagnosticEngine()
        var compiler = Compiler()
        compiler.addsPointers = true
        try compiler.validate([Paths.fixtures.appendingPathComponent("invalid/decode-ten-mistakes/input.yaml").path], engine: engine)
        XCTAssertEqual(engine.errorCount, 10)
        XCTAssertEqual(engine.warningCount, 0, "'continue' counts as used: 'contnue' probably meant it")
        XCTAssertEqual(engine.diagnostics.map { $0.path ?? "-" }, [
            "/app/nmae", "/defaults/primaryAction", "/primaryActions/continue/hapticFeedback",
            "/versions/0/date", "/versions/0/features/0/image", "/versions/1/version", "/versions/1/features/0/title",
            "/versions/1/features/0/platform", "/versions/2/version", "/versions/2/layout/featureImageWidth",
        ])
    }

    /// Found by the property tests: a registry key YAML reads as a number (`1.10`, `2`) was a type mismatch
    /// where it is named, though the JSON twin (`"1.10"`) resolved; a reference keeps the literal text.
    func testReferencesByKeysThatReadAsNumbers() throws {
        let text = """
        images: { 1.10: { emoji: "🎉" } }
        primaryActions: { 2: { title: Go } }
        secondaryActions: { 0777: { title: More, dismiss: true } }
        versions:
          - version: 1.0.0
            features: [{ image: 1.10, title: T, subtitle: S }]
            primaryAction: 2
            secondaryAction: 0777
        """
        let (decoded, engine) = load(text: text)
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        let version = try XCTUnwrap(decoded?.versions.first)
        XCTAssertEqual(version.features.first?.image?.key, "1.10")
        XCTAssertEqual(version.primaryAction?.key, "2")
        XCTAssertEqual(version.secondaryAction?.key, "0777")
        let (_, booleans) = load(text: "images: { x: { emoji: a } }\nversions: [{ version: 1.0.0, features: [{ image: true, title: T, subtitle: S }] }]")
        XCTAssertEqual(booleans.diagnostics.map(\.code).sorted(), ["type-mismatch", "unused-reference"], "a boolean is no key")
    }

    /// `app.icon` is decoded by the code that decodes a feature's `image`, each value with its position; an
    /// error in it is reported there and hides nothing else of the app (nor of the icon, which is kept).
    func testAppIconDecodesLikeAFeatureImage() throws {
        let (byKey, keyEngine) = load(text: """
        app: { name: Trails, icon: logo }
        images: { logo: { emoji: "🥾" } }
        versions: [{ version: 1.0.0, features: [{ title: Maps }] }]
        """)
        XCTAssertEqual(keyEngine.diagnostics.map(\.message), [], "a registry image used only as the icon is used")
        guard case .key(let key, let keyLocation)? = byKey?.app?.icon else { return XCTFail("the icon is a key") }
        XCTAssertEqual(key, "logo")
        XCTAssertEqual(keyLocation?.range?.start, Mark(line: 1, column: 28, offset: 27))
        XCTAssertEqual(byKey?.resolve(byKey?.app?.icon)?.source, .emoji("🥾"))

        let (inline, inlineEngine) = load(text: """
        app:
          icon:
            systemName: star.fill
            foregroundColor: orange
            alt: { en: Trails, de: Trails-Logo }
        versions: [{ version: 1.0.0, features: [{ title: Maps }] }]
        """)
        XCTAssertEqual(inlineEngine.diagnostics.map(\.message), [])
        guard case .inline(let icon)? = inline?.app?.icon else { return XCTFail("the icon is inline") }
        XCTAssertEqual(icon.source, .systemName("star.fill"))
        XCTAssertEqual(icon.foregroundColor?.text, "orange")
        XCTAssertEqual(icon.foregroundColor?.location?.range?.start.line, 4)
        XCTAssertEqual(icon.alt?.text(for: "de"), "Trails-Logo")
        XCTAssertEqual(icon.location?.range?.start, Mark(line: 3, column: 5, offset: 17))
        XCTAssertEqual(icon.sourceLocation?.range?.start, Mark(line: 3, column: 17, offset: 29))

        func positions(_ engine: DiagnosticEngine) -> [String] {
            engine.diagnostics.map { "\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.code)" }
        }
        let (notAnImage, notAnImageEngine) = load(text: """
        app:
          nmae: Trails
          icon: [logo]
          url: "javascript:alert(1)"
        versions: [{ version: 1.0.0, features: [{ title: Maps }] }]
        """)
        XCTAssertEqual(positions(notAnImageEngine), ["2:3 unknown-key", "3:9 type-mismatch", "4:8 invalid-url"])
        XCTAssertEqual(notAnImageEngine.diagnostics[1].message, "expected an image key or an image mapping for 'app.icon', found a sequence")
        XCTAssertNil(notAnImage?.app?.icon)
        XCTAssertEqual(notAnImage?.app?.url, "javascript:alert(1)")

        let (withErrors, withErrorsEngine) = load(text: """
        app:
          name: Trails
          icon: { file: a.svg, systemName: star, foregroundColor: orang, shape: round }
        versions: [{ version: 1.0.0, features: [{ title: Maps }] }]
        """)
        XCTAssertEqual(positions(withErrorsEngine), ["3:9 invalid-image", "3:17 missing-image-file", "3:59 invalid-color", "3:66 unknown-key"])
        XCTAssertEqual(withErrorsEngine.diagnostics[0].message,
                       "expected one of 'systemName' or 'file' in 'app.icon' (an 'emoji' may stand beside either), found 'systemName' and 'file'")
        XCTAssertEqual(withErrors?.app?.name, "Trails")
        guard case .inline(let kept)? = withErrors?.app?.icon else { return XCTFail("an icon with errors is kept") }
        XCTAssertEqual(kept.source, .systemName("star"), "with the first of its sources, the others beside it")
        XCTAssertEqual(kept.otherSources.map { $0.source }, [.file("a.svg")])
    }

    /// `app` may be defined in several fragments: the same icon again is fine, another one is a conflict. An
    /// inline icon's file is relative to the fragment that declares it.
    func testAppIconInFragments() throws {
        func load(_ fragments: [(String, String)]) throws -> (Manifest?, DiagnosticEngine) {
            let engine = DiagnosticEngine()
            let manifest = try Compiler().load(fragments: fragments.map { (Paths.fixtures.path + "/" + $0.0, Array($0.1.utf8)) }, engine: engine)
            return (manifest, engine)
        }
        let versions = ("notes.d/versions.yaml", "versions: [{ version: 1.0.0, features: [{ title: Maps }] }]\n")
        let app = ("assets/app.yaml", "app: { name: Trails, icon: { file: logo.svg } }\n")
        let (same, sameEngine) = try load([versions, app, ("notes.d/app.yaml", "app:\n  icon: { file: logo.svg }\n  name: Trails\n")])
        XCTAssertEqual(sameEngine.diagnostics.map(\.message), [])
        XCTAssertEqual(ReleaseNotes(try XCTUnwrap(same)).appIcon?.kind, .file(path: "logo.svg", directory: Paths.fixtures.path + "/assets"))

        let (_, other) = try load([versions, app, ("notes.d/app.yaml", "app: { name: Trails, icon: { file: assets/logo.svg } }\n")])
        XCTAssertEqual(other.diagnostics.map(\.code), ["conflicting-definition"])
        XCTAssertEqual(other.diagnostics.first?.range?.start.line, 1)
        XCTAssertEqual(other.diagnostics.first?.file?.name, Paths.fixtures.path + "/notes.d/app.yaml")
        XCTAssertEqual(other.diagnostics.first?.notes.first?.message, "'app' was first defined here")
        let (_, keyAndInline) = try load([versions, ("notes.d/app.yaml", "app: { icon: logo }\nimages: { logo: { emoji: \"🥾\" } }\n"),
                                          ("assets/app.yaml", "app: { icon: { file: logo.svg } }\n")])
        XCTAssertEqual(keyAndInline.diagnostics.map(\.code), ["conflicting-definition"], "a key and an inline image differ")
    }
}

/// `duplicate-feature` compares a version's titles pair by pair up to 16 features and through a set
/// beyond: both ways find the same repeats and no others.
final class DuplicateFeatureRuleTests: XCTestCase {
    private func warnings(features count: Int, repeating: (Int, Int)?) -> [String] {
        var text = "versions:\n  - version: 1.0.0\n    features:\n"
        for index in 0..<count {
            let title = repeating.map { $0.1 == index ? $0.0 : index } ?? index
            text += "      - title: Feature \(title)\n        subtitle: Same subtitle\n"
        }
        let file = SourceFile(name: "test.yaml", text: text)
        let engine = DiagnosticEngine()
        guard let root = YAMLParser.parse(file).root else { return ["unreadable"] }
        var decoder = ManifestDecoder(engine: engine)
        decoder.addInput(root, file: file)
        DuplicateFeatureRule().check(decoder.finish(firstFile: file), engine: engine)
        return engine.diagnostics.map { "\($0.range?.start.line ?? 0) \($0.code)" }
    }

    func testRepeatsAreFoundWithFewAndManyFeatures() {
        for count in [2, 10, 16, 17, 40] {
            XCTAssertEqual(warnings(features: count, repeating: nil), [], "\(count) features")
            // The last feature repeats the first: its title is on line 4 + 2 × (count - 1).
            XCTAssertEqual(warnings(features: count, repeating: (0, count - 1)), ["\(4 + 2 * (count - 1)) duplicate-feature"],
                           "\(count) features")
        }
    }
}
