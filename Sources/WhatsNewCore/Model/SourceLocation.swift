public import YAMLTree

/// Where a value was written: its file and range. Every decoded value keeps one so rules can report at it.
/// (The JSON Pointer of a diagnostic is found from the range when it is reported, so values carry no path.)
///
/// Only the byte offsets of the range are stored, 16 bytes instead of 32 (a large manifest holds hundreds
/// of thousands of locations, and most are never read): `range` finds the lines and columns in the file's
/// line table, which gives back the parser's marks exactly (see `YAMLParserTests`).
public struct SourceLocation: Sendable, Hashable {
    public let file: SourceFile
    private let startOffset: UInt32
    private let endOffset: UInt32

    /// The location of `range` in `file`; its lines and columns are read back from the file at its offsets.
    public init(file: SourceFile, range: SourceRange) {
        self.file = file
        startOffset = UInt32(clamping: range.start.offset)
        endOffset = UInt32(clamping: range.end.offset)
    }

    /// The location of a node of `file`'s tree (its lines and columns are not looked up).
    public init(file: SourceFile, node: YAMLNode) {
        self.file = file
        startOffset = UInt32(clamping: node.startOffset)
        endOffset = UInt32(clamping: node.endOffset)
    }

    /// The location from the start of `first` to the end of `last`, two nodes of `file`'s tree (a key and its
    /// value).
    public init(file: SourceFile, from first: YAMLNode, through last: YAMLNode) {
        self.file = file
        startOffset = UInt32(clamping: first.startOffset)
        endOffset = UInt32(clamping: max(first.endOffset, last.endOffset))
    }

    public var range: SourceRange {
        SourceRange(start: file.mark(atOffset: Int(startOffset)), end: file.mark(atOffset: Int(endOffset)))
    }
}

extension Diagnostic {
    /// A diagnostic at a decoded value.
    public init(_ severity: Severity, code: String, message: String, at location: SourceLocation?,
                notes: [Note] = [], fix: String? = nil) {
        self.init(severity, code: code, message: message, file: location?.file, range: location?.range,
                  notes: notes, fix: fix)
    }
}

extension Diagnostic.Note {
    public init(_ message: String, at location: SourceLocation?) {
        self.init(message, file: location?.file, range: location?.range)
    }
}
