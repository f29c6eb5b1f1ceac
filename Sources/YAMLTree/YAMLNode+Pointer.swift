extension YAMLNode {
    /// The JSON Pointer (RFC 6901) of the innermost node whose text starts at or before `offset` and
    /// contains it, found by descending from this node; "" for the node itself.
    package func pointer(toOffset offset: Int) -> String {
        var pointer = ""
        var node = self
        var depth = 0
        while depth < 512 {
            depth += 1
            switch node.content {
            case .scalar:
                return pointer
            case .sequence(let items):
                guard let index = node.lastChild(startingAtOrBefore: offset, in: items, start: \.startOffset),
                      items[index].endOffset >= offset || index == items.count - 1 else { return pointer }
                pointer += "/\(index)"
                node = items[index]
            case .mapping(let pairs):
                guard let index = node.lastChild(startingAtOrBefore: offset, in: pairs, start: \.key.startOffset) else {
                    return pointer
                }
                let pair = pairs[index]
                let key = pair.key.scalar?.text ?? "?"
                pointer += "/" + YAMLNode.escapePointerComponent(key)
                if offset < pair.value.startOffset { return pointer }
                node = pair.value
            }
        }
        return pointer
    }

    /// The index of the last child that starts at or before `offset`: a binary search when the children are
    /// in source order (so a pointer costs O(depth × log n), however many diagnostics ask), else a scan.
    private func lastChild<Children: RandomAccessCollection<Child>, Child>(startingAtOrBefore offset: Int, in children: Children,
                                                                            start: (Child) -> Int) -> Int? where Children.Index == Int {
        guard childrenInSourceOrder else { return children.lastIndex { start($0) <= offset } }
        var low = 0
        var high = children.count
        while low < high {
            let mid = (low + high) / 2
            if start(children[mid]) <= offset { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }

    /// Escapes `~` and `/` in a JSON Pointer component (RFC 6901).
    package static func escapePointerComponent(_ key: String) -> String {
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
