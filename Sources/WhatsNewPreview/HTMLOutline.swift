/// The elements of an HTML page whatsnew wrote, by their byte ranges: enough to compare two renderings of a
/// page element by element (see `FramePatch`). It reads what the emitters write — every `<` of a text is
/// escaped, attribute values are quoted — and gives up (nil) on anything it does not expect, such as an end
/// tag that closes no open element: the page is then sent whole.
struct HTMLOutline {
    struct Element {
        let name: String
        /// Where its start tag begins and its end tag ends (the start tag's end for a void element).
        let start: Int
        let end: Int
        var children: [Int] = []
    }

    /// Every element; `roots` are the ones outside any other (the `html` element).
    private(set) var elements: [Element] = []
    private(set) var roots: [Int] = []

    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    init?(_ bytes: [UInt8]) {
        var open: [Int] = []
        var index = 0
        let count = bytes.count
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x3A
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let tagStart = index
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                guard let close = Self.find(Array("-->".utf8), in: bytes, from: index + 4) else { return nil }
                index = close + 3
                continue
            }
            if index + 1 < count, bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                index = close + 1
                continue
            }
            let closing = index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")
            var nameEnd = index + (closing ? 2 : 1)
            let nameStart = nameEnd
            while nameEnd < count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd > nameStart else { return nil }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
            // The end of the tag: the first '>' outside a quoted attribute value.
            var cursor = nameEnd
            var quote: UInt8?
            while cursor < count {
                let byte = bytes[cursor]
                if let current = quote {
                    if byte == current { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                cursor += 1
            }
            guard cursor < count else { return nil }
            let tagEnd = cursor + 1
            index = tagEnd
            if closing {
                guard let top = open.last, elements[top].name == name else { return nil }
                open.removeLast()
                let element = elements[top]
                elements[top] = Element(name: element.name, start: element.start, end: tagEnd, children: element.children)
                continue
            }
            let selfClosing = bytes[cursor - 1] == UInt8(ascii: "/")
            let id = elements.count
            elements.append(Element(name: name, start: tagStart, end: tagEnd))
            if let parent = open.last { elements[parent].children.append(id) } else { roots.append(id) }
            if Self.voidElements.contains(name) || selfClosing { continue }
            if Self.rawTextElements.contains(name) {
                guard let close = Self.find(Array("</\(name)".utf8), in: bytes, from: tagEnd),
                      let closeEnd = bytes[close...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                elements[id] = Element(name: name, start: tagStart, end: closeEnd + 1)
                index = closeEnd + 1
                continue
            }
            open.append(id)
        }
        guard open.isEmpty, !roots.isEmpty else { return nil }
    }

    subscript(id: Int) -> Element { elements[id] }

    /// Where `pattern` first occurs in `bytes` from `start`.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
