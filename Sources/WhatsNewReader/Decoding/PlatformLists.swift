/// The `platforms` lists of one input's features, each distinct list kept once: a long manifest names the same
/// few lists on tens of thousands of features, and a feature's list is then the kept one (one array shared,
/// copy-on-write) instead of an array of its own (1.3 MB of a 10 MB manifest's 18 MB of decoded values).
///
/// Only the thread that decodes the input uses it (a `DecodingContext` is never handed to another thread).
final class PlatformLists {
    /// The distinct lists seen so far, at most `limit` of them.
    private var kept: Set<[String]> = []

    /// How many distinct lists are kept; lists past them are used as they are (a manifest of that many
    /// different lists gains nothing from sharing them).
    static let limit = 256

    /// The kept list equal to `list`, or `list` itself (kept from now on while there is room).
    func shared(_ list: [String]) -> [String] {
        guard !list.isEmpty else { return list }
        if let found = kept.firstIndex(of: list) { return kept[found] }
        if kept.count < Self.limit { kept.insert(list) }
        return list
    }
}
