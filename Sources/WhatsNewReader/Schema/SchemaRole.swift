/// What an input is to the schema: which part of it the input is checked against.
package enum SchemaRole: String, Sendable, CaseIterable {
    /// A whole manifest (or a WhatsNewKit document): the schema's root.
    case manifest
    /// One file of a directory of fragments: the `#fragment` anchor, where no key is required.
    case fragment
    /// A registries file given with `--refs`: the `#refs` anchor.
    case refs

    /// The `$anchor` of the subschema for this role; a schema without that anchor checks it by its root.
    package var anchor: String? {
        switch self {
        case .manifest: return nil
        case .fragment: return "fragment"
        case .refs: return "refs"
        }
    }

    /// The anchors of every role that has one.
    package static let anchors = allCases.compactMap(\.anchor)
}
