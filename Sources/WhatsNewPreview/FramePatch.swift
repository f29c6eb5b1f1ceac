/// What changed between two renderings of a frame's page, element by element: the fewest elements to replace,
/// each by its path of element children from the `html` element, its name (checked before it is replaced) and
/// its new HTML. A 1 MB manifest makes a page of megabytes, which a browser takes seconds to parse and lay out
/// again; an edit changes a few of its elements, which it replaces in milliseconds. When the two do not compare
/// (another root, an element's own text or attributes changed at the top), there is no patch: the page is sent
/// whole.
struct FramePatch: Equatable {
    struct Replacement: Equatable {
        let path: [Int]
        let name: String
        let html: String
    }

    let replacements: [Replacement]

    /// The patch from `old` to `new`, or nil when the page must be sent whole.
    static func between(_ old: String, _ new: String) -> FramePatch? {
        let oldBytes = Array(old.utf8), newBytes = Array(new.utf8)
        guard let oldOutline = HTMLOutline(oldBytes), let newOutline = HTMLOutline(newBytes),
              oldOutline.roots.count == 1, newOutline.roots.count == 1,
              let oldRoot = oldOutline.roots.first, let newRoot = newOutline.roots.first else { return nil }
        var replacements: [Replacement] = []
        let compared = compare(oldRoot, in: oldOutline, oldBytes, with: newRoot, in: newOutline, newBytes, path: [], into: &replacements)
        guard compared, replacements.count <= 64 else { return nil }
        return FramePatch(replacements: replacements)
    }

    /// Adds the replacements that turn the old element into the new one; false when the element itself (the
    /// root) would have to be replaced.
    private static func compare(_ old: Int, in oldOutline: HTMLOutline, _ oldBytes: [UInt8], with new: Int, in newOutline: HTMLOutline,
                                _ newBytes: [UInt8], path: [Int], into replacements: inout [Replacement]) -> Bool {
        let a = oldOutline[old], b = newOutline[new]
        if oldBytes[a.start..<a.end].elementsEqual(newBytes[b.start..<b.end]) { return true }
        // The same element with the same text around its children: compare the children one by one.
        if a.name == b.name, a.children.count == b.children.count,
           skeleton(a, oldOutline, oldBytes).elementsEqual(skeleton(b, newOutline, newBytes)) {
            for (index, (oldChild, newChild)) in zip(a.children, b.children).enumerated() {
                let childPath = path + [index]
                if !compare(oldChild, in: oldOutline, oldBytes, with: newChild, in: newOutline, newBytes, path: childPath, into: &replacements) {
                    let element = newOutline[newChild]
                    guard !["head", "body"].contains(element.name) else { return false }
                    replacements.append(Replacement(path: childPath, name: element.name,
                                                    html: String(decoding: newBytes[element.start..<element.end], as: UTF8.self)))
                }
            }
            return true
        }
        return false
    }

    /// The element's bytes without its children's: its tags and the text between the children.
    private static func skeleton(_ element: HTMLOutline.Element, _ outline: HTMLOutline, _ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var cursor = element.start
        for child in element.children {
            let range = outline[child]
            result += bytes[cursor..<range.start]
            result.append(0)
            cursor = range.end
        }
        result += bytes[cursor..<element.end]
        return result
    }
}
