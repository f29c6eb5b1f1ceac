import SourceText
import WhatsNewDiagnostics

/// Where a value was written: its file and range. Every decoded value keeps one so rules can report at it.
/// (The JSON Pointer of a diagnostic is found from the range when it is reported, so values carry no path.)
///
/// Only the byte offsets of the range are stored, 16 bytes instead of 32 (a large manifest holds hundreds
/// of thousands of locations, and most are never read): `range` finds the lines and columns in the file's
/// line table, which gives back the parser's marks exactly (see `YAMLParserTests`).
package struct SourceLocation: Sendable, Hashable {
    package let file: SourceFile
    private let startOffset: UInt32
    private let endOffset: UInt32

    /// The location of `range` in `file`; its lines and columns are read back from the file at its offsets.
    package init(file: SourceFile, range: SourceRange) {
        self.file = file
        startOffset = UInt32(clamping: range.start.offset)
        endOffset = UInt32(clamping: range.end.offset)
    }

    /// The location of the bytes `startOffset..<endOffset` of `file` (its lines and columns are not looked up).
    package init(file: SourceFile, startOffset: Int, endOffset: Int) {
        self.file = file
        self.startOffset = UInt32(clamping: startOffset)
        self.endOffset = UInt32(clamping: endOffset)
    }

    package var range: SourceRange {
        SourceRange(start: file.mark(atOffset: Int(startOffset)), end: file.mark(atOffset: Int(endOffset)))
    }
}

extension Diagnostic {
    /// A diagnostic at a decoded value.
    package init(_ severity: Severity, code: DiagnosticCode, message: String, at location: SourceLocation?,
                 notes: [Note] = [], fix: String? = nil) {
        self.init(severity, code: code, message: message, file: location?.file, range: location?.range,
                  notes: notes, fix: fix)
    }
}

extension Diagnostic.Note {
    package init(_ message: String, at location: SourceLocation?) {
        self.init(message, file: location?.file, range: location?.range)
    }
}
