/// A value given inline, or a string key into a registry (WhatsNewKit's decoder `userInfo`, made safe:
/// an unknown key is an error at the reference, not a crash).
package enum Reference<Value: Sendable & Hashable>: Sendable, Hashable {
    case key(String, SourceLocation?)
    /// Boxed: inline definitions are rare and large (an image with its colors, alt text and locations is
    /// over 200 bytes), and every reference, in every feature, would otherwise be as large.
    indirect case inline(Value)

    /// Equality of what is referred to, ignoring where it was written.
    package static func == (lhs: Reference, rhs: Reference) -> Bool {
        switch (lhs, rhs) {
        case (.key(let a, _), .key(let b, _)): return a == b
        case (.inline(let a), .inline(let b)): return a == b
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .key(let key, _): hasher.combine(key)
        case .inline(let value): hasher.combine(value)
        }
    }

    /// The registry key, when this is a reference by key.
    package var key: String? {
        if case .key(let key, _) = self { return key }
        return nil
    }
}

/// Named definitions in source order: the images, primary actions or secondary actions of a manifest.
package struct Registry<Value: Sendable & Hashable>: Sendable {
    package struct Entry: Sendable {
        package let key: String
        package let value: Value
        /// Where the key was defined.
        package let location: SourceLocation?
    }

    package private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]

    package init() {}

    package subscript(key: String) -> Value? {
        index[key].map { entries[$0].value }
    }

    package func entry(_ key: String) -> Entry? {
        index[key].map { entries[$0] }
    }

    package var keys: [String] { entries.map(\.key) }

    /// Keys whose definitions were reported as invalid: references to them are not reported again.
    package private(set) var invalidKeys: Set<String> = []

    /// Whether `key` is defined, validly or not.
    package func defines(_ key: String) -> Bool { index[key] != nil || invalidKeys.contains(key) }

    package mutating func markInvalid(_ key: String) { invalidKeys.insert(key) }

    /// Adds an entry; returns the existing one instead when the key is already defined.
    @discardableResult
    package mutating func add(_ key: String, _ value: Value, at location: SourceLocation?) -> Entry? {
        if let existing = index[key] { return entries[existing] }
        index[key] = entries.count
        entries.append(Entry(key: key, value: value, location: location))
        return nil
    }
}
