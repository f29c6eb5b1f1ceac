/// An open document: its URI, the version the client gave, and its text as the editor holds it (unsaved).
package struct TextDocument: Sendable {
    package let uri: String
    package private(set) var version: Int
    package private(set) var bytes: [UInt8]
    package private(set) var lines: LineIndex

    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        lines = LineIndex(bytes)
    }

    /// Applies one change of `textDocument/didChange`: the whole text (no range), or the text of a range.
    package mutating func apply(range: TextRange?, text: String) {
        guard let range else {
            bytes = Array(text.utf8)
            lines = LineIndex(bytes)
            return
        }
        let start = lines.offset(of: range.start)
        let end = max(start, lines.offset(of: range.end))
        let inserted = Array(text.utf8)
        bytes.replaceSubrange(start..<end, with: inserted)
        lines = lines.replacing(start..<end, insertedCount: inserted.count, in: bytes)
    }

    package mutating func setVersion(_ version: Int) {
        self.version = version
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
