import Foundation
import TestSupport
import XCTest

/// Issue 26, deliverable 3: inputs that cost far more than their size. Each is run through the binary at the
/// size that exposed it; what is asserted is the outcome (the diagnostics, their counts, what was written) and,
/// for memory, the peak of the child's resident set as the kernel counts it (generous bounds, no timing).
final class ResourceBudgetAttackTests: XCTestCase {
    // MARK: A million erroneous items

    /// 4 MB whose `versions` holds a million one-character items, each an error: with `--max-diagnostics 1`
    /// the run took 454 MB, every diagnostic past the limit kept with its place, code and key (three times: by
    /// the schema's engine, the model's and the run's) and each looked up in a set of twice as many.
    func testAMillionErroneousItemsCostLittleMoreThanTheirCountPastTheLimit() throws {
        let directory = try TemporaryDirectory("million")
        let path = try directory.write("million.yaml", "versions:\n" + String(repeating: "- a\n", count: 1_000_000))
        let run = try PeakMemory.run(["validate", path, "--max-diagnostics", "1"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr.components(separatedBy: ": error: ").count - 1, 1, String(run.stderr.prefix(500)))
        XCTAssertTrue(run.stderr.contains("\(path):2:3: error: expected a mapping for 'versions[0]', found a string"), String(run.stderr.prefix(500)))
        XCTAssertTrue(run.stderr.hasSuffix("""
            whatsnew: note: 999999 more errors not shown; expected at most 1 diagnostics (--max-diagnostics) [too-many-diagnostics]
               = fix: fix the ones shown and run again, or show more with --max-diagnostics N (0 shows every one)
            1000000 errors generated.

            """), String(run.stderr.suffix(400)))
        // The tree (28 bytes a node), the file, and 16 bytes for each problem either layer may report again, in
        // the schema's engine and the model's (526 MB before, in a debug build; 170 MB after).
        XCTAssertLessThan(run.peakKiB, 256 * 1024, "peak resident set \(run.peakKiB) KiB for a 4 MB input")
    }

    // MARK: A template's rendering

    /// A `--template` that opens `{{#versions}}` inside itself six times renders every version again for each
    /// version: over 100 versions, 10^12 items, which ran for hours (killed by `timeout` after 20 s at four
    /// levels) before the output could be measured. The rendering's steps are counted as it goes, and it stops at
    /// 4 per byte the outputs may write (at least 4 Mi), with the error at the section.
    func testATemplateSectionNestedInItselfStopsAtTheRenderingBudget() throws {
        let directory = try TemporaryDirectory("template-bomb")
        let versions = (0..<100).map { "  - { version: 1.\($0).0, features: [{ title: A, subtitle: a }] }\n" }.joined()
        try directory.write("notes.yaml", "versions:\n" + versions)
        try directory.write("t.mustache", String(repeating: "{{#versions}}", count: 6) + "x" + String(repeating: "{{/versions}}", count: 6) + "\n")
        let timeout = try XCTUnwrap(CommandRunner.which("timeout"), "timeout(1) is needed to hold a hang")
        let result = try CommandRunner.run(executable: timeout, ["600", Paths.binary.path, "compile", "notes.yaml", "--template", "t.mustache",
                                                                 "-o", "out.txt", "--color", "never"], in: directory.url)
        XCTAssertEqual(result.status, 1, String(result.stderr.prefix(800)))
        XCTAssertTrue(result.stderr.contains("""
            t.mustache:1:4: error: rendering the template takes more than 4194304 steps (a lookup, an item of a section, a byte of a \
            section's own text), and 'versions' passed them: a section inside a section of the same list renders every item again \
            for each item; expected at most 4194304 for this output [output-budget-exceeded]
            """), String(result.stderr.prefix(1500)))
        XCTAssertTrue(result.stderr.contains("   = fix: render each list once (do not open '{{#versions}}' inside itself), or select fewer "
                                             + "versions with --release or --since\n"), result.stderr)
        XCTAssertFalse(directory.exists("out.txt"), "nothing is written")
        // Nested once, the same template renders every pair of versions, within the budget.
        try directory.write("t.mustache", "{{#versions}}{{#versions}}x{{/versions}}{{/versions}}\n")
        let pairs = try CommandRunner.run(["compile", "notes.yaml", "--template", "t.mustache", "--color", "never"], in: directory.url)
        XCTAssertEqual(pairs.status, 0, pairs.stderr)
        XCTAssertEqual(pairs.stdout, String(repeating: "x", count: 10_000) + "\n")
    }

    // MARK: The output budget across a run

    /// `--locale all` writes the notes once per locale: 20,000 locales on one title and 5,000 features of their
    /// own made 20,000 files of every feature (1.7 GB from 270 KB). The budget counts every locale's notes.
    func testLocaleAllCountsEveryLocaleAgainstTheOutputBudget() throws {
        let directory = try TemporaryDirectory("every-locale")
        let locales = LocaleCodes.first(20_000)
        var text = "versions:\n  - version: 1.0.0\n    features:\n"
        text += "      - title: {" + locales.map { "\($0): x" }.joined(separator: ", ") + "}\n"
        text += String(repeating: "      - {title: y}\n", count: 5000)
        let manifest = try directory.write("notes.yaml", text)
        let result = try CommandRunner.run(["compile", manifest, "--locale", "all", "--format", "markdown", "-o", directory.path("out/")])
        XCTAssertEqual(result.status, 1, String(result.stderr.prefix(500)))
        let budget = 8 * text.utf8.count
        XCTAssertTrue(result.stderr.contains("notes.yaml:2:14: error: the outputs of --locale all repeat the notes' texts to more than \(budget) bytes "
                                             + "by version 1.0.0 in 'aa-BA', locale 27 of 20000; expected at most 8 per input byte"),
                      String(result.stderr.prefix(800)))
        XCTAssertTrue(result.stderr.contains("[output-budget-exceeded]"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("out")), "nothing is written")
    }

    /// The HTML pages of `--locale all` link to each other: 3,000 locales made 3,000 pages of 3,000 links each.
    func testTheLanguageLinksOfEveryPageCountAgainstTheOutputBudget() throws {
        let directory = try TemporaryDirectory("language-links")
        let locales = LocaleCodes.first(3000)
        let text = "versions:\n  - version: 1.0.0\n    features:\n      - title: {" + locales.map { "\($0): x" }.joined(separator: ", ") + "}\n"
        let manifest = try directory.write("notes.yaml", text)
        let result = try CommandRunner.run(["compile", manifest, "--locale", "all", "--format", "html", "-o", directory.path("site/")])
        XCTAssertEqual(result.status, 1, String(result.stderr.prefix(500)))
        XCTAssertTrue(result.stderr.contains("error: the outputs of the run come to more than 1048576 bytes with the language links of 3000 HTML pages, "
                                             + "each listing every one; expected at most 8 per input byte (at least 1048576 in all) [output-budget-exceeded]"),
                      String(result.stderr.prefix(800)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("site")), "nothing is written")
    }

    /// `--into` writes a version's notes into every item for it: 20,000 items of one version and 100 KB of notes
    /// made 2 GB of appcast. The filled appcast counts against the budget, and is not made past it.
    func testAnAppcastWhoseItemsRepeatAVersionStopsAtTheOutputBudget() throws {
        let directory = try TemporaryDirectory("appcast-items")
        let manifest = try directory.write("notes.yaml", """
            versions:
              - version: 1.0.0
                build: 1
                features:
                  - title: \(String(repeating: "long ", count: 20_000))

            """)
        let item = "    <item><title>1.0.0</title><sparkle:version>1</sparkle:version></item>\n"
        let appcast = "<?xml version=\"1.0\"?>\n<rss xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\" version=\"2.0\">\n<channel>\n"
            + String(repeating: item, count: 20_000) + "</channel>\n</rss>\n"
        let path = try directory.write("appcast.xml", appcast)
        let result = try CommandRunner.run(["compile", manifest, "--into", path])
        XCTAssertEqual(result.status, 1, String(result.stderr.prefix(500)))
        XCTAssertTrue(result.stderr.contains("appcast.xml:"), String(result.stderr.prefix(800)))
        XCTAssertTrue(result.stderr.contains("error: filling '\(path)' writes a version's notes into every item for it, and with the run's other outputs "
                                             + "comes to more than"), String(result.stderr.prefix(800)))
        XCTAssertTrue(result.stderr.contains("[output-budget-exceeded]"))
        XCTAssertEqual(try directory.read("appcast.xml"), appcast, "the appcast is left as it was")
    }
}
