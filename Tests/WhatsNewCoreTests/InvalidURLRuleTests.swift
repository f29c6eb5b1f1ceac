import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewRender

/// `invalid-url` holds `app.url` to the rule of `openURL`, and no output carries a refused app URL even when
/// the rules were not run.
final class InvalidURLRuleTests: XCTestCase {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        RuleTesting.diagnostics(of: InvalidURLRule(), in: text)
    }

    private func manifest(appURL: String) -> String {
        "app: { name: App, url: \"\(appURL)\" }\nversions:\n  - { version: 1.0.0, title: T, features: [] }\n"
    }

    func testAppURLsThatOpenURLRefusesAreErrors() {
        let refused = ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)",
                       "file:///etc/passwd", "garbage", "//evil.example/x", "https://", "https://exa mple.com", "java\\tscript:alert(1)"]
        for url in refused {
            let found = diagnostics(manifest(appURL: url))
            XCTAssertEqual(found.map(\.code), ["invalid-url"], url)
            XCTAssertEqual(found.first?.severity, .error, url)
            let message = found.first?.message ?? ""
            XCTAssertTrue(message.hasPrefix("invalid URL '"), message)
            XCTAssertTrue(message.contains("for 'app.url'") && message.contains("expected"), message)
            XCTAssertEqual(found.first?.fix, "write the app's absolute URL such as 'https://example.com'")
        }
    }

    func testAbsoluteWebAndMailURLsAreAccepted() {
        for url in ["https://example.com", "http://example.com/app?x=1#y", "mailto:support@example.com"] {
            XCTAssertEqual(diagnostics(manifest(appURL: url)).map(\.code), [], url)
        }
    }

    func testOutputsNeverCarryARefusedAppURL() {
        var manifest = Manifest()
        manifest.versions = [VersionEntry(version: SemanticVersion(major: 1), versionText: "1")]
        for url in ["javascript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd", "//evil.example", "garbage"] {
            manifest.app = AppInfo(name: "App", url: url)
            let notes = ReleaseNotes(manifest)
            XCTAssertNil(notes.appURL, url)
            let json = JSONEmitter().emit(notes)
            XCTAssertFalse(json.contains(url.replacingOccurrences(of: "/", with: "\\/")) || json.contains(url), json)
        }
        manifest.app = AppInfo(name: "App", url: "https://example.com/app")
        XCTAssertEqual(ReleaseNotes(manifest).appURL, "https://example.com/app")
    }
}
