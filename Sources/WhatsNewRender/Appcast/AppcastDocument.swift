internal import CXMLScanner

/// The items of an existing appcast, read by libxml2 (`CXMLScanner`, the only module that touches it) with
/// the byte ranges `AppcastFiller` needs to change one element and leave every other byte as it was.
package struct AppcastDocument {
    /// One `<item>` of `/rss/channel`: its versions, and where its children are.
    package struct Item: Sendable, Hashable {
        /// `sparkle:shortVersionString` and `sparkle:version`: as Sparkle reads them, the attribute of the item's
        /// `<enclosure>`, else the item's element.
        var shortVersion: String? { enclosureShortVersion ?? elementShortVersion }
        package var build: String? { enclosureBuild ?? elementBuild }
        var enclosureShortVersion: String?
        var elementShortVersion: String?
        var enclosureBuild: String?
        var elementBuild: String?
        /// The item's start tag and whole element.
        package var startTag: Range<Int>
        package var element: Range<Int> = 0..<0
        /// The item's own `<description>` (its first), `<title>` and `<sparkle:version>` elements, whole.
        package var description: Range<Int>?
        package var title: Range<Int>?
        var versionElement: Range<Int>?
        var shortVersionElement: Range<Int>?
        /// The start tag of the item's first child element.
        package var firstChild: Range<Int>?
        /// The 1-based line of the item's start tag, for messages.
        package var line = 0
    }

    /// Why an appcast could not be read, with its place in the file when known.
    package struct Problem: Error {
        package var line: Int
        package var column: Int
        package var message: String
        /// libxml2 could not be loaded (not a problem of the file).
        package var isUnavailable = false
    }

    package let items: [Item]

    /// Reads `bytes` as an appcast; a document that is not well-formed XML, not UTF-8, or not an RSS `<rss>`
    /// with a `<channel>` is a problem at its place.
    init(_ bytes: [UInt8]) throws(Problem) {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0, 0]) {
            throw Problem(line: 1, column: 1, message: "the appcast is UTF-16 or UTF-32; whatsnew fills UTF-8 appcasts (as generate_appcast writes them)")
        }
        let reader = Reader(bytes)
        var error = whatsnew_xml_error()
        var encoding = [CChar](repeating: 0, count: 64)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                withUnsafeMutablePointer(to: &reader.callbacks) { callbacks in
                    whatsnew_xml_scan(characters.baseAddress, characters.count, callbacks, &error, &encoding, encoding.count)
                }
            }
        }
        let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch Int(status) {
        case Int(WHATSNEW_XML_OK): break
        case Int(WHATSNEW_XML_UNAVAILABLE):
            throw Problem(line: 0, column: 0, message: message, isUnavailable: true)
        default:
            throw Problem(line: Int(error.line), column: Int(error.column), message: message)
        }
        let declared = String(decoding: encoding.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard declared.isEmpty || ["utf-8", "utf8"].contains(declared.lowercased()) else {
            throw Problem(line: 1, column: 1, message: "the appcast declares the encoding '\(declared)'; whatsnew fills UTF-8 appcasts (as generate_appcast writes them)")
        }
        guard reader.rootIsRSS, reader.sawChannel else {
            throw Problem(line: 1, column: 1, message: "the file is not an appcast: expected an RSS document, <rss> with a <channel>")
        }
        items = reader.items
    }

    /// Follows the parser's events; a class so the C callbacks can reach it through a pointer.
    private final class Reader {
        let bytes: [UInt8]
        var callbacks = whatsnew_xml_callbacks()
        var items: [Item] = []
        var rootIsRSS = false
        var sawChannel = false
        /// The open elements: local name, namespace and start tag.
        private var stack: [(name: String, namespace: String?, startTag: Range<Int>)] = []
        /// The item being read, and the depth of its element in `stack`.
        private var item: Item?
        private var itemDepth = 0
        private var sawEnclosure = false
        /// Text collected for a child of the item whose value is a version.
        private var text: [UInt8]?
        /// The line of `lineOffset` (lines are counted forward only, as items come in order).
        private var lineOffset = 0
        private var lineNumber = 1

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            callbacks.context = Unmanaged.passUnretained(self).toOpaque()
            callbacks.startElement = { context, name, namespace, start, end, isEmpty, attributes, count in
                let reader = Unmanaged<Reader>.fromOpaque(context!).takeUnretainedValue()
                reader.start(String(cString: name!), namespace.map { String(cString: $0) }, Int(start)..<Int(end),
                             UnsafeBufferPointer(start: attributes, count: Int(count)))
            }
            callbacks.endElement = { context, _, _, start, end in
                let reader = Unmanaged<Reader>.fromOpaque(context!).takeUnretainedValue()
                reader.end(Int(start)..<Int(end))
            }
            callbacks.text = { context, bytes, length in
                let reader = Unmanaged<Reader>.fromOpaque(context!).takeUnretainedValue()
                guard reader.text != nil, let bytes else { return }
                reader.text! += UnsafeRawBufferPointer(start: bytes, count: length)
            }
        }

        private var sparkle: String { AppcastEmitter.sparkleNamespace }

        private func start(_ name: String, _ namespace: String?, _ tag: Range<Int>, _ attributes: UnsafeBufferPointer<whatsnew_xml_attribute>) {
            let depth = stack.count
            if depth == 0 { rootIsRSS = name == "rss" && namespace == nil }
            if depth == 1, rootIsRSS, name == "channel", namespace == nil { sawChannel = true }
            if depth == 2, rootIsRSS, name == "item", namespace == nil, stack[1].name == "channel", stack[1].namespace == nil {
                item = Item(startTag: tag, line: line(at: tag.lowerBound))
                itemDepth = depth
                sawEnclosure = false
            } else if item != nil, depth == itemDepth + 1 {
                if item?.firstChild == nil { item?.firstChild = tag }
                if namespace == sparkle, name == "shortVersionString" || name == "version" { text = [] }
                if namespace == nil, name == "enclosure", !sawEnclosure {
                    sawEnclosure = true
                    readEnclosure(attributes)
                }
            }
            stack.append((name, namespace, tag))
        }

        /// The versions an item's `<enclosure>` gives as attributes (its first enclosure's).
        private func readEnclosure(_ attributes: UnsafeBufferPointer<whatsnew_xml_attribute>) {
            for attribute in attributes where attribute.namespaceURI.map({ String(cString: $0) }) == sparkle {
                let value = String(decoding: UnsafeRawBufferPointer(start: attribute.value, count: attribute.valueLength), as: UTF8.self)
                switch String(cString: attribute.localName) {
                case "shortVersionString": item?.enclosureShortVersion = value.trimmingXMLSpace()
                case "version": item?.enclosureBuild = value.trimmingXMLSpace()
                default: break
                }
            }
        }

        private func end(_ tag: Range<Int>) {
            guard let (name, namespace, startTag) = stack.popLast(), var current = item else { return }
            let depth = stack.count
            if depth == itemDepth {
                current.element = current.startTag.lowerBound..<tag.upperBound
                items.append(current)
                item = nil
                return
            }
            guard depth == itemDepth + 1 else { return }
            // An empty element's end tag is its start tag.
            let element = startTag.lowerBound..<max(startTag.upperBound, tag.upperBound)
            switch (namespace, name) {
            case (nil, "description"): if current.description == nil { current.description = element }
            case (nil, "title"): if current.title == nil { current.title = element }
            case (sparkle?, "version"):
                if current.versionElement == nil { current.versionElement = element }
                current.elementBuild = String(decoding: text ?? [], as: UTF8.self).trimmingXMLSpace()
            case (sparkle?, "shortVersionString"):
                if current.shortVersionElement == nil { current.shortVersionElement = element }
                current.elementShortVersion = String(decoding: text ?? [], as: UTF8.self).trimmingXMLSpace()
            default: break
            }
            text = nil
            item = current
        }

        /// The 1-based line of a byte offset at or after the last one asked for.
        private func line(at offset: Int) -> Int {
            for byte in bytes[lineOffset..<offset] where byte == UInt8(ascii: "\n") { lineNumber += 1 }
            lineOffset = offset
            return lineNumber
        }
    }
}

extension String {
    /// Without XML white space (space, tab, line feed, carriage return) at its ends.
    func trimmingXMLSpace() -> String {
        let space: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !space.contains($0) }),
              let last = scalars.lastIndex(where: { !space.contains($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
