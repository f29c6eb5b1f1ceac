import SourceText
import WhatsNewDiagnostics

/// Where a value was written: its file and range. Every decoded value keeps one so rules can report at it.
/// (The JSON Pointer of a diagnostic is found from the range when it is reported, so values carry no path.)
///
/// A plain value of 12 bytes: the file's number in the file table (`SourceFileID`) and the byte offsets of
/// the range. A large manifest holds hundreds of thousands of locations, and most are never read; they are
/// copied between values and threads without a reference to count, and `range` finds the lines and
/// columns in the file's line table only when asked, which gives back the parser's marks exactly (see
/// `YAMLParserTests`). The manifest keeps the files its locations name (`Manifest.files`).
package struct SourceLocation: Sendable, Hashable {
    package let fileID: SourceFileID
    private let startOffset: UInt32
    private let endOffset: UInt32

    /// The location of `range` in `file`; its lines and columns are read back from the file at its offsets.
    package init(file: SourceFile, range: SourceRange) {
        self.init(file: file, startOffset: range.start.offset, endOffset: range.end.offset)
    }

    /// The location of the bytes `startOffset..<endOffset` of `file` (its lines and columns are not looked up).
    package init(file: SourceFile, startOffset: Int, endOffset: Int) {
        self.init(fileID: file.id, startOffset: startOffset, endOffset: endOffset)
    }

    /// The location of the bytes `startOffset..<endOffset` of the file numbered `fileID`.
    package init(fileID: SourceFileID, startOffset: Int, endOffset: Int) {
        self.fileID = fileID
        self.startOffset = UInt32(clamping: startOffset)
        self.endOffset = UInt32(clamping: endOffset)
    }

    /// The file, from the file table: nil only when nothing holds it any more.
    package var file: SourceFile? { fileID.file }

    /// The file and the range in it, with lines and columns; nil only when nothing holds the file any more.
    package var place: (file: SourceFile, range: SourceRange)? {
        guard let file else { return nil }
        return (file, SourceRange(start: file.mark(atOffset: Int(startOffset)), end: file.mark(atOffset: Int(endOffset))))
    }

    /// The range, with lines and columns; nil only when nothing holds the file any more.
    package var range: SourceRange? { place?.range }
}

/// A `SourceLocation?` in the 12 bytes of a location: no location is file number 0, which no file has
/// (`SourceFileID.none`). An optional location takes 13 bytes, and 16 beside a field that follows it; the
/// texts and features of a large manifest keep hundreds of thousands of them.
package struct OptionalLocation: Sendable {
    private let stored: SourceLocation

    package init(_ location: SourceLocation?) {
        stored = location ?? SourceLocation(fileID: .none, startOffset: 0, endOffset: 0)
    }

    package var value: SourceLocation? { stored.fileID.rawValue == SourceFileID.none.rawValue ? nil : stored }
}

extension Diagnostic {
    /// A diagnostic at a decoded value.
    package init(_ severity: Severity, code: DiagnosticCode, message: String, at location: SourceLocation?,
                 notes: [Note] = [], fix: String? = nil) {
        let place = location?.place
        self.init(severity, code: code, message: message, file: place?.file, range: place?.range, notes: notes, fix: fix)
    }
}

extension Diagnostic.Note {
    package init(_ message: String, at location: SourceLocation?) {
        let place = location?.place
        self.init(message, file: place?.file, range: place?.range)
    }
}
