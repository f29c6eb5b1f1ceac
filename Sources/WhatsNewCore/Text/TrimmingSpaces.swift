extension StringProtocol {
    /// The text without the spaces (U+0020 only, not tabs or newlines) at its start and end.
    var trimmingSpaces: SubSequence {
        var text = self[...]
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
