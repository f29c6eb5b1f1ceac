extension YAMLNode {
    /// The JSON Pointer (RFC 6901) of the innermost node whose text starts at or before `offset` and
    /// contains it, found by descending from this node; "" for the node itself.
    public func pointer(toOffset offset: Int) -> String {
        var pointer = ""
        var node = self
        var depth = 0
        while depth < 512 {
            depth += 1
            switch node.content {
            case .scalar:
                return pointer
            case .sequence(let items):
                guard let index = items.lastIndex(where: { $0.range.start.offset <= offset }),
                      items[index].range.end.offset >= offset || index == items.count - 1 else { return pointer }
                pointer += "/\(index)"
                node = items[index]
            case .mapping(let pairs):
                guard let pair = pairs.last(where: { $0.key.range.start.offset <= offset }) else { return pointer }
                let key = pair.key.scalar?.text ?? "?"
                pointer += "/" + YAMLNode.escapePointerComponent(key)
                if offset < pair.value.range.start.offset { return pointer }
                node = pair.value
            }
        }
        return pointer
    }

    /// Escapes `~` and `/` in a JSON Pointer component (RFC 6901).
    public static func escapePointerComponent(_ key: String) -> String {
        guard key.contains(where: { $0 == "~" || $0 == "/" }) else { return key }
        var escaped = ""
        for character in key {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
