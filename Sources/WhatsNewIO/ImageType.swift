/// The image formats HTML inlines, each recognised by its extension and checked by its content.
package enum ImageType: String, Sendable, CaseIterable {
    case svg, png, jpeg, gif, webp

    /// The type an image path's extension names, or nil for one HTML cannot inline.
    package init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "svg": self = .svg
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "gif": self = .gif
        case "webp": self = .webp
        default: return nil
        }
    }

    package var mediaType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// "a PNG image", for messages.
    package var described: String {
        switch self {
        case .svg: "an SVG image (an '<svg' root element)"
        case .png: "a PNG image"
        case .jpeg: "a JPEG image"
        case .gif: "a GIF image"
        case .webp: "a WebP image"
        }
    }

    /// Whether `bytes` start as this format must: its signature, or for SVG an `<svg` root element after
    /// an optional byte order mark, XML declaration, comments, processing instructions and doctype.
    package func matches(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .png: return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .jpeg: return bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case .gif: return bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
        case .webp: return bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
        case .svg: return Self.hasSVGRoot(bytes)
        }
    }

    private static func hasSVGRoot(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        /// Skips past `terminator` when the text at `index` starts with `opener`; false when it does not.
        func skip(_ opener: String, to terminator: String) -> Bool {
            guard bytes[index...].starts(with: opener.utf8) else { return false }
            let end = Array(terminator.utf8)
            var cursor = index + opener.utf8.count
            while cursor + end.count <= bytes.count {
                if bytes[cursor..<(cursor + end.count)].elementsEqual(end) {
                    index = cursor + end.count
                    return true
                }
                cursor += 1
            }
            index = bytes.count
            return true
        }
        while true {
            skipSpace()
            guard index < bytes.count else { return false }
            if skip("<!--", to: "-->") || skip("<?", to: "?>") || skip("<!DOCTYPE", to: ">") { continue }
            guard bytes[index...].starts(with: "<svg".utf8) else { return false }
            let after = index + 4
            return after < bytes.count && [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[after])
        }
    }
}
