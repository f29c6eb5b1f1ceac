/// An open document: its URI, the version the client gave, and its text as the editor holds it (unsaved).
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int
    public private(set) var bytes: [UInt8]
    public private(set) var lines: LineIndex

    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        lines = LineIndex(bytes)
    }

    /// Applies one change of `textDocument/didChange`: the whole text (no range), or the text of a range.
    public mutating func apply(range: TextRange?, text: String) {
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

    public mutating func setVersion(_ version: Int) {
        self.version = version
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
