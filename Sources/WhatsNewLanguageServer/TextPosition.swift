/// A place in a document as LSP counts it: a 0-based line and a 0-based column in UTF-16 code units.
package struct TextPosition: Sendable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.character) < (b.line, b.character)
    }

    var json: JSON { .object([("line", .int(line)), ("character", .int(character))]) }

    /// The position of a `{"line": …, "character": …}` object; nil when it is not one.
    init?(_ json: JSON?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// A range of a document, `start..<end`.
package struct TextRange: Sendable, Equatable {
    package var start: TextPosition
    package var end: TextPosition

    package init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }

    var json: JSON { .object([("start", start.json), ("end", end.json)]) }

    init?(_ json: JSON?) {
        guard let start = TextPosition(json?["start"]), let end = TextPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}
