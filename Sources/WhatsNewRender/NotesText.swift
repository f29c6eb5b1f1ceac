import WhatsNewModel

/// A text of the notes as the manifest holds it: where the input writes it as it is (`WrittenText`), or a string.
///
/// Memory: the notes are resolved while the manifest is still held, and a string made of every written text
/// then was a second copy of most of the input's text (4–5 MB for a 10 MB manifest, its features' subtitles)
/// beside the first. Kept as the place it is written, a text is made into a string when an output reads it, one
/// at a time; the input's text is then held while the notes are (it is the size of those strings' sum, or less).
struct NotesText: Sendable, Hashable {
    private enum Storage: Sendable {
        case string(String)
        case written(WrittenText)
    }

    private let storage: Storage

    init(_ string: String) {
        storage = .string(string)
    }

    init(written: WrittenText) {
        storage = .written(written)
    }

    /// The text (made from the input's bytes each time for a written text).
    var string: String {
        switch storage {
        case .string(let string): return string
        case .written(let written): return written.withUTF8 { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Its length in UTF-8 bytes, without making a string of it.
    var utf8Count: Int {
        switch storage {
        case .string(let string): return string.utf8.count
        case .written(let written): return Int(written.count)
        }
    }

    var isEmpty: Bool { utf8Count == 0 }

    /// Whether it is kept as the place the input writes it.
    var isWritten: Bool {
        if case .written = storage { return true }
        return false
    }

    static func == (lhs: NotesText, rhs: NotesText) -> Bool {
        lhs.string == rhs.string
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }
}
