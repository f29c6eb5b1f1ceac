/// Wraps terminal text at a width in display columns (wide characters and emoji count two): breaks at
/// spaces and between East Asian wide characters (not before closing or after opening punctuation),
/// breaks a word longer than a line between its characters, never splits a grapheme cluster, and indents
/// the first line and the following ones (a hanging indent) by separate amounts. It works on styled runs,
/// so escape sequences, which are written only when a line is encoded, can never be split.
package struct WordWrapper: Sendable {
    /// The widest a line may be, in columns; at least one character goes on every line even if wider.
    package var width: Int

    package init(width: Int) {
        self.width = max(1, width)
    }

    /// The lines of `text`, the first indented by `indent` columns and the rest by `hangingIndent`; a line
    /// feed in the text starts a new line, and spaces where a line is broken are dropped.
    package func wrap(_ text: StyledText, indent: Int = 0, hangingIndent: Int = 0) -> [StyledText] {
        if let line = singleLine(text, indent: indent) { return [line] }
        return wrapByCells(text, indent: indent, hangingIndent: hangingIndent)
    }

    /// `wrap` for any text: by grapheme clusters (cells), each with its width and kind.
    func wrapByCells(_ text: StyledText, indent: Int, hangingIndent: Int) -> [StyledText] {
        let source = Source(text)
        let cells = source.cells
        var lines: [StyledText] = []
        var line = Line(indent: indent)
        var pendingSpaces: Range<Int>?
        var index = 0
        func finishLine(wrapped: Bool) {
            lines.append(line.text(cells, source))
            line = Line(indent: hangingIndent)
            line.startedByWrap = wrapped
        }
        func add(_ range: Range<Int>) {
            line.add(range, cells)
        }
        func place(_ range: Range<Int>, width wordWidth: Int) {
            if line.column + wordWidth <= width {
                add(range)
                return
            }
            for position in range {
                if line.hasContent, line.column + Int(cells[position].width) > width { finishLine(wrapped: true) }
                add(position..<position + 1)
            }
        }
        while index < cells.count {
            switch cells[index].kind {
            case .newline:
                finishLine(wrapped: false)
                pendingSpaces = nil
                index += 1
            case .space:
                var end = index
                while end < cells.count, cells[end].kind == .space { end += 1 }
                pendingSpaces = index..<end
                index = end
            case .wide, .other:
                var end = index + 1
                var wordWidth = Int(cells[index].width)
                while end < cells.count, cells[end].kind != .space, cells[end].kind != .newline,
                      !Self.canBreak(between: cells[end - 1], and: cells[end]) {
                    wordWidth += Int(cells[end].width)
                    end += 1
                }
                let spaceWidth = pendingSpaces.map { cells[$0].reduce(0) { $0 + Int($1.width) } } ?? 0
                if line.hasContent {
                    if line.column + spaceWidth + wordWidth <= width {
                        if let pendingSpaces { add(pendingSpaces) }
                        add(index..<end)
                    } else {
                        finishLine(wrapped: true)
                        place(index..<end, width: wordWidth)
                    }
                } else {
                    // Spaces that begin the text or a forced line are kept when they fit.
                    if let pendingSpaces, !line.startedByWrap, line.column + spaceWidth + wordWidth <= width {
                        add(pendingSpaces)
                    }
                    place(index..<end, width: wordWidth)
                }
                pendingSpaces = nil
                index = end
            }
        }
        lines.append(line.text(cells, source))
        return lines
    }

    /// What `wrap` gives for text without a line break that fits on its first line — the text after the
    /// indent, less its trailing spaces — found in one pass without splitting it into cells; nil for any
    /// other text. Most titles and many subtitles are such text.
    private func singleLine(_ text: StyledText, indent: Int) -> StyledText? {
        let indent = max(0, indent)
        var scan = LineScan(columns: indent)
        for runIndex in text.runs.indices {
            guard scan.add(text.runs[runIndex].text, run: runIndex), scan.contentColumns <= width else { return nil }
        }
        var line = StyledText()
        guard let contentEnd = scan.contentEnd else { return line }
        if indent > 0 { line.appendVerbatim(String(repeating: " ", count: indent), style: .plain, link: nil) }
        for runIndex in 0...contentEnd.run {
            let run = text.runs[runIndex]
            let isCut = runIndex == contentEnd.run && contentEnd.offset < run.text.utf8.count
            let content = isCut ? String(decoding: run.text.utf8.prefix(contentEnd.offset), as: UTF8.self) : run.text
            line.appendVerbatim(content, style: run.style, link: run.link)
        }
        return line
    }

    /// The columns of a text read run by run, as cells would count them, up to the first line break.
    private struct LineScan {
        var columns: Int
        /// The columns up to the end of the last character that is not a space.
        var contentColumns: Int
        /// The run and UTF-8 offset where that character ends.
        var contentEnd: (run: Int, offset: Int)?

        init(columns: Int) {
            self.columns = columns
            contentColumns = columns
        }

        /// Adds a run's text; false at a line break.
        mutating func add(_ text: String, run: Int) -> Bool {
            var text = text
            let isASCII = text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
            if isASCII {
                return text.withUTF8 { bytes in
                    for (index, byte) in bytes.enumerated() {
                        switch byte {
                        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return false
                        case UInt8(ascii: " "): columns += 1
                        default: addContent(width: byte < 0x20 || byte == 0x7F ? 0 : 1, run: run, end: index + 1)
                        }
                    }
                    return true
                }
            }
            var offset = 0
            for character in text {
                offset += character.utf8.count
                let width = DisplayWidth.of(character)
                switch Cell.Kind(of: character, width: width) {
                case .newline: return false
                case .space: columns += width
                case .wide, .other: addContent(width: width, run: run, end: offset)
                }
            }
            return true
        }

        private mutating func addContent(width: Int, run: Int, end: Int) {
            columns += width
            contentColumns = columns
            contentEnd = (run, end)
        }
    }

    /// The lines of plain `text` (made terminal-safe like `StyledText`), wrapped as `wrap(_:indent:hangingIndent:)` does.
    package func wrap(_ text: String, indent: Int = 0, hangingIndent: Int = 0) -> [String] {
        wrap(StyledText(text), indent: indent, hangingIndent: hangingIndent).map(\.plainText)
    }

    // MARK: - Cells and break opportunities

    /// One grapheme cluster of the text: where its UTF-8 bytes are in its run, and how it lays out.
    private struct Cell {
        enum Kind: UInt8 {
            case space, newline, wide, other

            /// The kind of a grapheme cluster `width` columns wide, told by its UTF-8 bytes (comparing
            /// `Character`s costs a string comparison each): a line break is a cluster that opens with a
            /// line feed or carriage return (those never combine with what follows), a space exactly " " or
            /// U+3000 (a space with a combining mark is not one).
            init(of character: Character, width: Int) {
                let utf8 = character.utf8
                switch utf8.first {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    self = .newline
                case UInt8(ascii: " ") where utf8.count == 1:
                    self = .space
                case 0xE3 where utf8.elementsEqual([0xE3, 0x80, 0x80]):
                    self = .space
                default:
                    self = width >= 2 ? .wide : .other
                }
            }
        }
        var run: Int32
        var start: Int32
        var end: Int32
        var width: Int16
        var kind: Kind
        /// The first scalar's value, for the punctuation rules.
        var scalar: UInt32
    }

    /// The runs' bytes and their grapheme clusters; an ASCII run is split by bytes, without grapheme breaking.
    private struct Source {
        let runs: [StyledText.Run]
        var bytes: [[UInt8]] = []
        var cells: [Cell] = []

        init(_ text: StyledText) {
            runs = text.runs
            bytes.reserveCapacity(runs.count)
            for (runIndex, run) in runs.enumerated() {
                let runBytes = Array(run.text.utf8)
                bytes.append(runBytes)
                cells.reserveCapacity(cells.count + runBytes.count)
                let runNumber = Int32(runIndex)
                if runBytes.allSatisfy({ $0 < 0x80 }) {
                    var offset = 0
                    while offset < runBytes.count {
                        let byte = runBytes[offset]
                        var length = 1
                        let kind: Cell.Kind
                        switch byte {
                        case UInt8(ascii: " "): kind = .space
                        case UInt8(ascii: "\n"): kind = .newline
                        case UInt8(ascii: "\r"):
                            kind = .newline
                            if offset + 1 < runBytes.count, runBytes[offset + 1] == UInt8(ascii: "\n") { length = 2 }
                        default: kind = .other
                        }
                        let width: Int16 = byte < 0x20 || byte == 0x7F ? 0 : 1
                        cells.append(Cell(run: runNumber, start: Int32(offset), end: Int32(offset + length), width: width,
                                          kind: kind, scalar: UInt32(byte)))
                        offset += length
                    }
                } else {
                    var offset = 0
                    for character in run.text {
                        let length = character.utf8.count
                        let width = DisplayWidth.of(character)
                        let kind = Cell.Kind(of: character, width: width)
                        cells.append(Cell(run: runNumber, start: Int32(offset), end: Int32(offset + length),
                                          width: kind == .newline ? 0 : Int16(width), kind: kind,
                                          scalar: character.unicodeScalars.first?.value ?? 0))
                        offset += length
                    }
                }
            }
        }

        /// The text of cells that are consecutive in one run.
        func text(run: Int32, from start: Int32, to end: Int32) -> String {
            bytes[Int(run)].withUnsafeBufferPointer { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(start)..<Int(end)]), as: UTF8.self)
            }
        }
    }

    /// Whether a line may break between two adjacent non-space characters: only next to a wide character,
    /// and never before closing or after opening punctuation (the Japanese kinsoku rules, roughly).
    private static func canBreak(between previous: Cell, and next: Cell) -> Bool {
        guard previous.kind == .wide || next.kind == .wide else { return false }
        return !noBreakBefore.contains(next.scalar) && !noBreakAfter.contains(previous.scalar)
    }

    private static let noBreakBefore: Set<UInt32> = Set(
        ("、。，．：；？！）」』】〕〉》〙〗〛ー々〻ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ・…‥〜～］｝｣" + ".,:;!?)]}%")
            .unicodeScalars.map(\.value)
    )
    private static let noBreakAfter: Set<UInt32> = Set(("（「『【〔〈《〘〖〚［｛｢" + "([{").unicodeScalars.map(\.value))

    // MARK: - One line being built

    /// A line being built: its indent and the cells it holds, always a contiguous range (only spaces
    /// where lines break and line feeds are left out, and those lie between lines).
    private struct Line {
        let indent: Int
        var column: Int
        var cells: Range<Int>?
        var startedByWrap = false

        init(indent: Int) {
            self.indent = max(0, indent)
            column = self.indent
        }

        var hasContent: Bool { cells != nil }

        mutating func add(_ range: Range<Int>, _ all: [Cell]) {
            for index in range { column += Int(all[index].width) }
            cells = cells.map { $0.lowerBound..<range.upperBound } ?? range
        }

        /// The styled text: the indent, then one run per stretch of cells from one source run.
        func text(_ all: [Cell], _ source: Source) -> StyledText {
            var text = StyledText()
            guard let cells, !cells.isEmpty else { return text }
            if indent > 0 { text.appendVerbatim(String(repeating: " ", count: indent), style: .plain, link: nil) }
            var groupStart = cells.lowerBound
            for index in cells where index + 1 == cells.upperBound || all[index + 1].run != all[groupStart].run {
                let first = all[groupStart]
                let run = source.runs[Int(first.run)]
                text.appendVerbatim(source.text(run: first.run, from: first.start, to: all[index].end), style: run.style, link: run.link)
                groupStart = index + 1
            }
            return text
        }
    }
}
