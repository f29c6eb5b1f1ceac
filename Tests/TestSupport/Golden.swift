import Foundation
import XCTest

/// Golden files: compares text with a file under `Fixtures/`, or records it when
/// `WHATSNEW_RECORD_GOLDENS=1` (and then fails, so a recording is never mistaken for a pass).
public enum Golden {
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["WHATSNEW_RECORD_GOLDENS"] == "1"
    }

    public static func assertMatches(_ actual: String, golden path: URL, file: StaticString = #filePath, line: UInt = #line) {
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: path)
                XCTFail("recorded \(Paths.relative(path)); run the tests again without WHATSNEW_RECORD_GOLDENS", file: file, line: line)
            } catch {
                XCTFail("cannot record \(path.path): \(error)", file: file, line: line)
            }
            return
        }
        guard let data = try? Data(contentsOf: path) else {
            XCTFail("missing golden \(Paths.relative(path)); record it with 'make goldens'", file: file, line: line)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        XCTFail("\(Paths.relative(path)) differs (- expected, + actual):\n" + lineDiff(expected: expected, actual: actual),
                file: file, line: line)
    }

    /// The lines that differ, with a few lines of context, as `-`/`+` pairs.
    public static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var output: [String] = []
        var shown = 0
        for index in 0..<max(old.count, new.count) {
            let a = index < old.count ? String(old[index]) : nil
            let b = index < new.count ? String(new[index]) : nil
            if a == b { continue }
            if let a { output.append("-\(index + 1): \(a)") }
            if let b { output.append("+\(index + 1): \(b)") }
            shown += 1
            if shown == 20 {
                output.append("… more differences")
                break
            }
        }
        return output.joined(separator: "\n")
    }
}
