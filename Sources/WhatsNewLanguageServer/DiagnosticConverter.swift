import SourceText
import WhatsNewCore
import YAMLTree

/// Turns `validate`'s diagnostics into LSP's: the same code, message and severity; the range in 0-based
/// lines and UTF-16 columns; notes and the fix as related information (the fix also in `data`, for quick fixes).
struct DiagnosticConverter {
    let uris: [String: String]
    let primaryURI: String
    /// The line index of each file's text, made once per file.
    private var indexes: [ObjectIdentifier: LineIndex] = [:]

    init(uris: [String: String], primaryURI: String) {
        self.uris = uris
        self.primaryURI = primaryURI
    }

    /// The URI of a file by the name diagnostics give it: the editor's own when it is open, a `file:` URI of
    /// the path otherwise.
    func uri(ofName name: String) -> String {
        uris[name] ?? (name.hasPrefix("/") ? DocumentURI.uri(of: name) : primaryURI)
    }

    mutating func range(of range: SourceRange?, in file: SourceFile?) -> TextRange {
        guard let range, let file else { return TextRange(start: TextPosition(line: 0, character: 0), end: TextPosition(line: 0, character: 0)) }
        let index = lineIndex(of: file)
        return TextRange(start: index.position(of: range.start.offset), end: index.position(of: range.end.offset))
    }

    private mutating func lineIndex(of file: SourceFile) -> LineIndex {
        let key = ObjectIdentifier(file)
        if let index = indexes[key] { return index }
        let index = LineIndex(file.bytes)
        indexes[key] = index
        return index
    }

    mutating func convert(_ diagnostic: Diagnostic) -> (uri: String, json: JSON) {
        let uri = diagnostic.file.map { self.uri(ofName: $0.name) } ?? primaryURI
        let range = range(of: diagnostic.range, in: diagnostic.file)
        var related: [JSON] = []
        for note in diagnostic.notes {
            let file = note.file ?? diagnostic.file
            let noteURI = file.map { self.uri(ofName: $0.name) } ?? uri
            let noteRange = note.range == nil ? range : self.range(of: note.range, in: file)
            related.append(.object([("location", .object([("uri", .string(noteURI)), ("range", noteRange.json)])), ("message", .string(note.message))]))
        }
        if let fix = diagnostic.fix {
            related.append(.object([("location", .object([("uri", .string(uri)), ("range", range.json)])), ("message", .string("fix: " + fix))]))
        }
        let json = JSON.object(omittingNils: [
            ("range", range.json),
            ("severity", .int(Self.severity(diagnostic.severity))),
            ("code", .string(diagnostic.code)),
            ("source", .string("whatsnew")),
            ("message", .string(diagnostic.message)),
            ("relatedInformation", related.isEmpty ? nil : .array(related)),
            ("data", .object(omittingNils: [("fix", diagnostic.fix.map { .string($0) })])),
        ])
        return (uri, json)
    }

    /// LSP's DiagnosticSeverity: 1 error, 2 warning, 3 information.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}
