/// What the server's loop takes from its one queue: a frame from standard input, the end of it, or a check
/// that finished on its thread.
enum ServerEvent: Sendable {
    case frame(MessageFramer.Frame)
    case endOfInput
    case checked(id: Int, results: [(uri: String, diagnostics: [JSON])])
}
