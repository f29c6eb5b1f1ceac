import Foundation
import TestSupport
import XCTest

/// Issue 26: every file open, directory creation, rename, unlink, directory listing and lock of whatsnew goes
/// through the one confined file layer, `Sources/WhatsNewIO/` (see `PathWalker`). This test reads every Swift
/// and C source file under `Sources/` and fails when a call that opens, creates, renames, removes, resolves or locks a
/// file by its path appears anywhere else, unless the allow-list below names the file, the call and why.
final class FileLayerConfinementTests: XCTestCase {
    /// The file layer: the only folder where these calls may appear.
    static let layer = "Sources/WhatsNewIO/"

    /// The justified exceptions: a file, the call it may make, and why it needs no confinement.
    static let allowed: [(file: String, call: String, reason: String)] = [
        ("Sources/WhatsNewTerminal/LinkOpener.swift", "posix_spawn_file_actions_addopen",
         "the opener's standard streams go to the fixed path /dev/null, in the child; no input or option names it"),
        ("Sources/WhatsNewFuzz/FuzzEntryPoint.swift", "FileManager",
         "the fuzz driver's replay mode reads the corpus files given to it; it is a developer tool, not part of whatsnew"),
        ("Sources/WhatsNewFuzz/FuzzEntryPoint.swift", "FileHandle",
         "the fuzz driver writes its usage to standard error (FileHandle.standardError), no file by path"),
        ("Sources/CXMLScanner/CXMLScanner.c", "dlopen",
         "libxml2 is loaded by its fixed soname from the system's library path; no input or option names it"),
    ]

    /// Calls of the C library (through Glibc or in C) that act on a file by its path, or open one.
    static let systemCalls = [
        "open", "openat", "openat2", "creat", "fopen", "freopen", "fdopen", "opendir", "fdopendir", "mkdir", "mkdirat", "mkfifo",
        "mkfifoat", "mknod", "mknodat", "rename", "renameat", "renameat2", "unlink", "unlinkat", "remove", "rmdir", "link", "linkat",
        "symlink", "symlinkat", "truncate", "chmod", "fchmodat", "chown", "lchown", "fchownat", "realpath", "readlink", "readlinkat",
        "stat", "lstat", "fstatat", "statx", "access", "faccessat", "flock", "lockf", "mkstemp", "mkdtemp", "tmpfile", "dlopen",
        "chdir", "chroot", "utimensat", "posix_spawn_file_actions_addopen",
    ]

    /// Foundation's ways to reach a file by path.
    static let foundationPatterns = [
        #"\bFileManager\b"#, #"\bFileHandle\b"#, #"\bcontentsOfFile\b"#, #"\b(Data|String|NSString|NSData)\s*\(\s*contentsOf\b"#,
        #"\bfileURLWithPath\b"#, #"\bwrite\s*\(\s*to(File)?\s*:.*atomically"#, #"\b(Input|Output)Stream\s*\("#,
    ]

    /// Each finding: the file, the 1-based line, the call.
    static func findings(inFile text: String, isC: Bool) -> [(line: Int, call: String)] {
        let calls = systemCalls.joined(separator: "|")
        // A call by its bare name (not a method: no `.` or identifier character before it, and not a declaration),
        // or through the module (`Glibc.rename(`). `stat()` with nothing inside is Swift's empty `struct stat`.
        let bare = try! NSRegularExpression(pattern: #"(?<![\w.])(?<!func )("# + calls + #")\s*\((?!\))"#)
        let module = try! NSRegularExpression(pattern: #"\b(?:Glibc|Musl|Darwin)\.("# + calls + #")\s*\("#)
        let foundation = foundationPatterns.map { try! NSRegularExpression(pattern: $0) }
        var found: [(Int, String)] = []
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = withoutComment(rawLine)
            let range = NSRange(line.startIndex..., in: line)
            for expression in [bare, module] {
                for match in expression.matches(in: line, range: range) {
                    guard let name = Range(match.range(at: 1), in: line) else { continue }
                    // In Swift, a bare `link(`, `remove(`, `access(`… is as often a method of the type itself.
                    let call = String(line[name])
                    if !isC, expression === bare, ["link", "remove", "access", "rename", "open"].contains(call), !isFreeFunctionCall(line, match) {
                        continue
                    }
                    found.append((index + 1, call))
                }
            }
            for expression in foundation {
                for match in expression.matches(in: line, range: range) {
                    guard let text = Range(match.range, in: line) else { continue }
                    found.append((index + 1, String(line[text]).components(separatedBy: CharacterSet(charactersIn: " (")).first ?? ""))
                }
            }
        }
        return found
    }

    /// Whether a bare `open(`, `link(`… of Swift is a C library call rather than a method of the type at hand:
    /// C's take a path string, or several arguments without labels (`link(old, new)`), where the code base's
    /// methods of these names take one value or labelled arguments (`link(destination, title: …)`).
    private static func isFreeFunctionCall(_ line: String, _ match: NSTextCheckingResult) -> Bool {
        guard let after = Range(match.range, in: line) else { return false }
        let arguments = line[after.upperBound...].prefix { $0 != ")" }
        if arguments.range(of: #"^\s*""#, options: .regularExpression) != nil { return true }
        // `case link(String, String)`: the types of an enum case.
        if arguments.split(separator: ",").allSatisfy({ $0.trimmingCharacters(in: .whitespaces).first?.isUppercase == true }) { return false }
        return arguments.contains(",") && arguments.range(of: #"\b\w+\s*:(?!:)"#, options: .regularExpression) == nil
    }

    /// A line without its `//` comment (a `//` inside a string is rare enough in these files to cost nothing).
    private static func withoutComment(_ line: String) -> String {
        guard let comment = line.range(of: "//") else { return line }
        return String(line[..<comment.lowerBound])
    }

    /// Every Swift, C and header file under `Sources/`, relative to the repository.
    private func sourceFiles() throws -> [String] {
        let root = Paths.repositoryRoot.appendingPathComponent("Sources").path
        let names = try XCTUnwrap(FileManager.default.subpaths(atPath: root))
        return names.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h") }.map { "Sources/" + $0 }.sorted()
    }

    private func text(of file: String) throws -> String {
        try String(contentsOf: Paths.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
    }

    func testNoFileIsOpenedOutsideTheFileLayer() throws {
        var outside: [String] = []
        var used = Set<String>()
        for file in try sourceFiles() where !file.hasPrefix(Self.layer) {
            for finding in Self.findings(inFile: try text(of: file), isC: !file.hasSuffix(".swift")) {
                if Self.allowed.contains(where: { $0.file == file && $0.call == finding.call }) {
                    used.insert(file + " " + finding.call)
                    continue
                }
                outside.append("\(file):\(finding.line): \(finding.call)")
            }
        }
        XCTAssertEqual(outside, [], "files are opened, created, renamed or removed only through \(Self.layer) (FileSystem): "
                       + "call it instead, or add the call to the allow-list with its reason")
        let stale = Self.allowed.filter { !used.contains($0.file + " " + $0.call) }.map { "\($0.file): \($0.call)" }
        XCTAssertEqual(stale, [], "an allow-list entry that no longer matches anything must go")
    }

    /// The scanner finds what it must: the layer itself is full of these calls, and every spelling of one is caught.
    func testTheScanFindsEveryKindOfCall() throws {
        var inLayer = 0
        for file in try sourceFiles() where file.hasPrefix(Self.layer) {
            inLayer += Self.findings(inFile: try text(of: file), isC: false).count
        }
        XCTAssertGreaterThan(inLayer, 20, "the file layer's own calls are found")
        let caught = """
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard Glibc.rename(temporary, destination) == 0 else { return }
            let directory = opendir(path)
            mkdirat(descriptor, name, 0o777)
            if unlink(path) != 0 {}
            let data = FileManager.default.contents(atPath: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            guard stat(path, &info) == 0 else { return nil }
            let real = realpath(path, nil)
            _ = link(temporary, "notes.yaml")
            """
        XCTAssertEqual(Self.findings(inFile: caught, isC: false).map(\.line), [1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11])
        let ignored = """
            var info = stat()
            static func open(_ url: String) -> Bool {
            status = LinkOpener.open(url) ? "Opened" : "Could not open"
            case .link(let destination, _, let children):
            link(destination, title: title, content: children)
            events.remove(oldest)
            case emphasis, strong, link(String, String), image(String, String)
            bytes.append(contentsOf: chunk)
            // open(path, O_RDONLY) in a comment
            """
        XCTAssertEqual(Self.findings(inFile: ignored, isC: false).map(\.call), [])
        XCTAssertEqual(Self.findings(inFile: "FILE *file = fopen(path, \"r\");", isC: true).map(\.call), ["fopen"])
    }
}
