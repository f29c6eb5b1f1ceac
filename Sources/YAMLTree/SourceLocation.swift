/// A position in a source file: 1-based line and column (in Unicode scalars, as editors count) and a
/// 0-based byte offset into the file's UTF-8 text.
public struct Mark: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column, lhs.offset) < (rhs.line, rhs.column, rhs.offset)
    }
}

/// A half-open range of source text, `start..<end`.
public struct SourceRange: Sendable, Hashable {
    public var start: Mark
    public var end: Mark

    public init(start: Mark, end: Mark) {
        self.start = start
        self.end = end
    }

    /// An empty range at `mark`.
    public init(at mark: Mark) {
        self.init(start: mark, end: mark)
    }

    public static let fileStart = SourceRange(at: Mark(line: 1, column: 1, offset: 0))
}

extension Mark: CustomStringConvertible {
    public var description: String { "\(line):\(column)" }
}

extension SourceRange: CustomStringConvertible {
    public var description: String { "\(start.line):\(start.column)#\(start.offset)-\(end.line):\(end.column)#\(end.offset)" }
}
