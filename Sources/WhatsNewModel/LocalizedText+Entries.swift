extension LocalizedText {
    /// The entries of a text, by position. A text that is not localized stores no entry: its one entry is
    /// made when it is read, from the text's string and location.
    package struct Entries: RandomAccessCollection, Sendable {
        private let text: LocalizedText

        init(text: LocalizedText) {
            self.text = text
        }

        package var startIndex: Int { 0 }

        package var endIndex: Int {
            switch text.storage {
            case .plain, .written: return 1
            case .listed(let entries): return entries.count
            }
        }

        package subscript(position: Int) -> Entry {
            switch text.storage {
            case .plain(let string):
                precondition(position == 0, "index \(position) out of range for a text with one entry")
                return Entry(locale: nil, text: string.value, location: text.location)
            case .written(let written):
                precondition(position == 0, "index \(position) out of range for a text with one entry")
                return Entry(locale: nil, text: written.string, location: text.location)
            case .listed(let entries):
                return entries[position]
            }
        }
    }
}
