#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SourceText

/// A text field: one Markdown string, or a map from locale to Markdown string.
///
/// Most texts are one string that is not localized: that string is kept inline, and `entries` presents it
/// as one entry, so the titles and subtitles of a large manifest allocate no array each. A text decoded
/// from a scalar written as it is in its file is kept as where it is written (`WrittenText`), and its
/// string is made when it is read: the texts of a large manifest then take no memory of their own.
package struct LocalizedText: Sendable, Hashable {
    package struct Entry: Sendable, Hashable {
        /// The locale code as written (`en`, `de-AT`, `zh-Hans`), or nil for a text that is not localized.
        package let locale: String?
        package let text: String
        package let location: SourceLocation?

        package init(locale: String?, text: String, location: SourceLocation? = nil) {
            self.locale = locale
            self.text = text
            self.location = location
        }
    }

    /// (16 bytes: each case holds a reference first, so the case is told by the reference's spare bits.)
    package enum Storage: Sendable {
        /// One text that is not localized, written where the whole text is.
        case plain(BoxedString)
        /// The same, as the bytes it is written as in its file.
        case written(WrittenText)
        /// The entries of a locale map (or any other list of entries), in source order.
        case listed([Entry])
    }

    package let storage: Storage
    private let storedLocation: OptionalLocation
    package var location: SourceLocation? { storedLocation.value }

    package init(entries: [Entry], location: SourceLocation? = nil) {
        if entries.count == 1, let only = entries.first, only.locale == nil, only.location == location {
            storage = .plain(BoxedString(only.text))
        } else {
            storage = .listed(entries)
        }
        storedLocation = OptionalLocation(location)
    }

    /// A text that is the same in every locale.
    package init(_ text: String, location: SourceLocation? = nil) {
        storage = .plain(BoxedString(text))
        storedLocation = OptionalLocation(location)
    }

    /// A text that is the same in every locale, as it is written in its file.
    package init(written text: WrittenText, location: SourceLocation?) {
        storage = .written(text)
        storedLocation = OptionalLocation(location)
    }

    /// A required text that is missing or could not be read, in an item with errors (see `ManifestDecoder`):
    /// it has no entries and no location, and the rules pass it by.
    package static let absent = LocalizedText(entries: [], location: nil)

    /// Whether this is `absent`.
    package var isAbsent: Bool {
        guard location == nil, case .listed(let entries) = storage else { return false }
        return entries.isEmpty
    }

    /// The entries in source order; a text that is not localized has one, without a locale.
    package var entries: Entries { Entries(text: self) }

    // The questions the rules and emitters ask of every text are answered from the storage: for a text
    // that is not localized, without making its entry.

    package var isLocalized: Bool {
        guard case .listed(let entries) = storage else { return false }
        return entries.first?.locale != nil
    }

    /// The locales this text has (empty when it is not localized).
    package var locales: [String] {
        guard case .listed(let entries) = storage else { return [] }
        return entries.compactMap(\.locale)
    }

    /// Whether the UTF-8 of some entry satisfies `predicate`, read in place: no string is made for a text
    /// kept as it is written (the rules' quick looks at every text ask this).
    func containsUTF8(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        func test(_ string: String) -> Bool {
            string.utf8.withContiguousStorageIfAvailable(predicate) ?? Array(string.utf8).withUnsafeBufferPointer(predicate)
        }
        switch storage {
        case .plain(let text): return test(text.value)
        case .written(let text): return text.withUTF8(predicate)
        case .listed(let entries): return entries.contains { test($0.text) }
        }
    }

    /// The text for `locale` by the fallback chain: the locale, its language (de-AT → de),
    /// the manifest's default locale, then the first entry. Locale codes compare case-insensitively.
    package func text(for locale: String?, defaultLocale: String? = nil) -> String {
        switch storage {
        case .plain(let text): return text.value
        case .written(let text): return text.string
        case .listed: return entry(for: locale, defaultLocale: defaultLocale)?.text ?? ""
        }
    }

    package func entry(for locale: String?, defaultLocale: String? = nil) -> Entry? {
        guard isLocalized else { return entries.first }
        if let locale {
            if let exact = entries.first(where: { $0.locale.map { LocalizedText.same($0, locale) } ?? false }) { return exact }
            let language = LocalizedText.language(of: locale)
            if let match = entries.first(where: { $0.locale.map { LocalizedText.same($0, language) } ?? false }) { return match }
        }
        if let defaultLocale,
           let fallback = entries.first(where: { $0.locale.map { LocalizedText.same($0, defaultLocale) } ?? false }) {
            return fallback
        }
        return entries.first
    }

    /// The language part of a locale code: "de-AT" → "de", "zh_Hans" → "zh".
    package static func language(of locale: String) -> String {
        String(locale.prefix { $0 != "-" && $0 != "_" })
    }

    /// Whether two locale codes name the same locale (case-insensitive, `_` and `-` alike).
    package static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.utf8, b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { normalized($0) == normalized($1) }
    }

    /// A locale code as `same` compares it (lower case, `-` for `_`): two codes are the same when their keys
    /// are equal, so locales can be found by hashing instead of comparing each with every other.
    package static func key(_ locale: String) -> String {
        String(decoding: locale.utf8.map(normalized), as: UTF8.self)
    }

    private static func normalized(_ byte: UInt8) -> UInt8 {
        if byte == UInt8(ascii: "_") { return UInt8(ascii: "-") }
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return byte | 0x20 }
        return byte
    }

    /// Text equality, ignoring where it was written (no locale and an empty locale are alike).
    package static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { ($0.locale ?? "") == ($1.locale ?? "") && $0.text == $1.text }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(entry.locale ?? "")
            hasher.combine(entry.text)
        }
    }
}

/// A text as the bytes it is written as in its file (see `LocalizedText`): 16 bytes, and no string until
/// one is asked for. It keeps the file's bytes (`SourceFile.bytes`, one shared buffer), not the file: a
/// copy of a text then counts a reference on that buffer only.
package struct WrittenText: Sendable {
    /// The text of the whole file. (First: an enum of a written text or a reference, such as
    /// `LocalizedText.Storage` or `KeptText`, then tells its cases by this reference's spare bits.)
    package let source: [UInt8]
    package let start: UInt32
    package let count: UInt32

    /// The text at `range` of `source`, the bytes of a file.
    package init(source: [UInt8], bytes range: Range<Int>) {
        self.source = source
        start = UInt32(clamping: range.lowerBound)
        count = UInt32(clamping: range.count)
    }

    /// Where its bytes are in `source`.
    private var bytes: Range<Int> { Int(start)..<Int(start) + Int(count) }

    package var string: String {
        // The file's bytes are valid UTF-8: the parser checked them.
        String(decoding: source[bytes], as: UTF8.self)
    }

    /// Calls `body` with the text's bytes, in place.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        source.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[bytes])) }
    }
}

/// A string kept as the bytes it is written as in its file when it is written as it is (`WrittenText`), else
/// as a string: for a field that most manifests write plainly and a large one writes on every item (a
/// feature's id; in the notes, its title and subtitle). Equal and hashed as its UTF-8 bytes, as an anchor or
/// an HTML id is compared (without Unicode normalization: `é` and `e` with a combining accent are two ids).
///
/// Memory: a string made of every written text was a second copy of most of the input's text beside the
/// first (4–5 MB for a 10 MB manifest, its features' subtitles). Kept as the place it is written, a text is made
/// into a string when it is read, one at a time. 16 bytes, and 16 as an optional (see `BoxedString`).
package struct KeptText: Sendable, Hashable {
    private enum Storage: Sendable {
        case string(BoxedString)
        case written(WrittenText)
    }

    private let storage: Storage

    package init(_ string: String) {
        storage = .string(BoxedString(string))
    }

    package init(written: WrittenText) {
        storage = .written(written)
    }

    /// The text (made from the input's bytes each time for a written text).
    package var string: String {
        switch storage {
        case .string(let string): string.value
        case .written(let written): written.string
        }
    }

    /// Its length in UTF-8 bytes, without making a string of it.
    package var utf8Count: Int {
        switch storage {
        case .string(let string): string.value.utf8.count
        case .written(let written): Int(written.count)
        }
    }

    package var isEmpty: Bool { utf8Count == 0 }

    /// Whether it is kept as the place the input writes it.
    package var isWritten: Bool {
        if case .written = storage { return true }
        return false
    }

    /// Calls `body` with the text's UTF-8, in place.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .string(let string):
            var value = string.value
            return value.withUTF8(body)
        case .written(let written):
            return written.withUTF8(body)
        }
    }

    /// Compared as bytes, in place (a feature's title and its image's alt, which is the title unless the image has
    /// one, are compared for every feature the terminal or Markdown shows).
    package static func == (lhs: KeptText, rhs: KeptText) -> Bool {
        guard lhs.utf8Count == rhs.utf8Count else { return false }
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return true }
                return a == b || memcmp(a, b, left.count) == 0
            }
        }
    }

    package func hash(into hasher: inout Hasher) { withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }
}

/// A string on the heap. In an enum whose other cases hold a reference first (`WrittenText`, an array), a
/// reference lets the enum take 16 bytes: a string inline leaves its first word no spare bits to tell the
/// cases by, and the enum took 17 (24 or more beside what follows it). Strings kept this way are the few texts
/// not written as they are (escapes, folded lines).
package final class BoxedString: Sendable, Hashable {
    package let value: String

    package init(_ value: String) {
        self.value = value
    }

    /// Equal and hashed as its string.
    package static func == (lhs: BoxedString, rhs: BoxedString) -> Bool { lhs.value == rhs.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
