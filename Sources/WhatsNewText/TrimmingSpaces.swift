extension StringProtocol {
    /// The text without the spaces (U+0020 only, not tabs or newlines) at its start and end.
    package var trimmingSpaces: SubSequence {
        var text = self[...]
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}

extension String {
    /// The text with each line feed replaced by `separator`.
    package func replacingNewlines(with separator: String) -> String {
        guard utf8.contains(UInt8(ascii: "\n")) else { return self }
        return split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator)
    }

    /// The text without the line feeds at its end.
    package func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
