/// What one check reads as one manifest: a file (by the URI of its document), or a directory of fragments.
enum CheckUnit: Equatable, Sendable {
    case document(uri: String)
    case fragments(directory: String)
}
