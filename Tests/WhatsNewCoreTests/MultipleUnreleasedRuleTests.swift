import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel

/// `multiple-unreleased`: Keep a Changelog has one `[Unreleased]` section, so a second version marked
/// `unreleased: true` is reported, pointing at the first.
final class MultipleUnreleasedRuleTests: XCTestCase {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        RuleTesting.diagnostics(of: MultipleUnreleasedRule(), in: text)
    }

    func testASecondUnreleasedVersionIsAWarningNamingTheFirst() {
        let found = diagnostics("""
        versions:
          - { version: 2.0.0, unreleased: true, features: [{ title: Sync }] }
          - { version: 1.3.0, unreleased: true, features: [{ title: Maps }] }
          - { version: 1.2.0, features: [{ title: Trails }] }
          - { version: 1.1.0, unreleased: true, features: [{ title: Old }] }

        """)
        XCTAssertEqual(found.map(\.code), ["multiple-unreleased", "multiple-unreleased"])
        XCTAssertEqual(found.map(\.severity), [.warning, .warning])
        XCTAssertEqual(found.map { $0.range?.start.line }, [3, 5])
        XCTAssertEqual(found.first?.message,
                       "version '1.3.0' is marked unreleased, and so is '2.0.0'; expected one unreleased version (Keep a Changelog's one [Unreleased] section), found 3")
        XCTAssertEqual(found.first?.notes.map(\.message), ["'2.0.0' was marked unreleased first"])
        XCTAssertEqual(found.first?.notes.first?.range?.start.line, 2)
    }

    func testOneUnreleasedVersionOrNoneIsFine() {
        XCTAssertEqual(diagnostics("""
        versions:
          - { version: 1.3.0, unreleased: true, features: [{ title: Maps }] }
          - { version: 1.2.0, unreleased: false, features: [{ title: Trails }] }

        """).map(\.code), [])
        XCTAssertEqual(diagnostics("versions:\n  - { version: 1.2.0, features: [{ title: Trails }] }\n").map(\.code), [])
    }
}
