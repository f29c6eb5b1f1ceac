import SourceText
import WhatsNewDiagnostics
import WhatsNewIO

extension TemplateEmitter {
    /// The template in the file at `path` (`--template`), read as `source(at:limit:engine:)` reads it; nil, with
    /// the problem reported to `engine`, when the file is too large or the template does not parse
    /// (`invalid-template`). Throws when the file cannot be read.
    package static func load(_ path: String, limit: Int, engine: DiagnosticEngine) throws(IOError) -> TemplateEmitter? {
        try source(at: path, limit: limit, engine: engine).flatMap { TemplateEmitter($0, engine: engine) }
    }

    /// The text of the template file at `path`, read by the rules every input is read by (a regular file, no
    /// symbolic link out of the working directory; see `FileSystem.read`); nil, with an `input-too-large` error
    /// reported to `engine`, when it is larger than `limit` bytes. Throws when the file cannot be read.
    package static func source(at path: String, limit: Int, engine: DiagnosticEngine) throws(IOError) -> SourceFile? {
        let bytes = try FileSystem.read(path, limit: limit)
        guard bytes.count <= limit else {
            // `read` stops one byte past the limit; the file system tells the whole size of a regular file.
            let size = FileSystem.regularFileSize(of: path).map { max($0, bytes.count) }
            let found = size.map { "\($0) bytes" } ?? "more than \(limit) bytes"
            // The diagnostic shows the start of the first line: its first 4 KiB are enough for that.
            engine.report(Diagnostic(.error, code: .inputTooLarge,
                                     message: "the template is \(found); expected at most \(limit) bytes, the input size limit",
                                     file: SourceFile(name: path, contents: Array(bytes.prefix(min(limit, 4096)))), range: .fileStart,
                                     fix: "raise the limit with --max-input-bytes" + (size.map { " \($0) or more" } ?? "")))
            return nil
        }
        return SourceFile(name: path, contents: bytes)
    }
}
