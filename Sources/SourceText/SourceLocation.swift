/// A position in a source file: 1-based line and column (in Unicode scalars, as editors count) and a
/// 0-based byte offset into the file's UTF-8 text.
///
/// Stored as three 32-bit numbers (12 bytes rather than 24): every node of a tree and every decoded value
/// carries two marks, and inputs are limited to `Mark.maximumOffset` bytes, so nothing is lost.
package struct Mark: Sendable, Hashable, Comparable {
    @usableFromInline var storedLine: UInt32
    @usableFromInline var storedColumn: UInt32
    @usableFromInline var storedOffset: UInt32

    /// The largest offset (and so the largest input) a mark can hold.
    package static let maximumOffset = Int(UInt32.max)

    @inlinable
    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    @inlinable
    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    @inlinable
    package var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    @inlinable
    package init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedOffset = UInt32(clamping: offset)
    }

    package static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.storedLine, lhs.storedColumn, lhs.storedOffset) < (rhs.storedLine, rhs.storedColumn, rhs.storedOffset)
    }
}

/// A half-open range of source text, `start..<end`.
package struct SourceRange: Sendable, Hashable {
    package var start: Mark
    package var end: Mark

    @inlinable
    package init(start: Mark, end: Mark) {
        self.start = start
        self.end = end
    }

    /// An empty range at `mark`.
    package init(at mark: Mark) {
        self.init(start: mark, end: mark)
    }

    package static let fileStart = SourceRange(at: Mark(line: 1, column: 1, offset: 0))
}

extension Mark: CustomStringConvertible {
    package var description: String { "\(line):\(column)" }
}

extension SourceRange: CustomStringConvertible {
    package var description: String { "\(start.line):\(start.column)#\(start.offset)-\(end.line):\(end.column)#\(end.offset)" }
}
