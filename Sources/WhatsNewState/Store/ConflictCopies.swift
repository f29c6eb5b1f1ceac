import WhatsNewIO

/// The copies that sync tools leave beside a file when two devices changed it at once, for one state file
/// name only (`trails.json` here; `<stem>` is `trails`, `<ext>` is `.json`):
/// - Syncthing: `trails.sync-conflict-20261128-023000-ABCDEF1.json` (`<stem>.sync-conflict-<date>-<time>-<device>
///   <ext>`; the device is 7 characters of the changing device's id);
/// - Dropbox (and Nextcloud, ownCloud): `trails (Ada's conflicted copy 2026-11-28).json`,
///   `trails (conflicted copy 2026-11-28 023000).json`: `<stem> (`…`conflicted copy`…`)<ext>`, the
///   words in any case, an optional ` (2)` after the parenthesis;
/// - iCloud Drive: `trails 2.json` (`<stem> <number><ext>`, the number 2 or more);
/// - other tools: `trails-conflict-<anything>.json` (`<stem>-conflict-`…`<ext>`).
/// App ids that would look like one of these copies of another app's state are refused (`StateLocation`).
///
/// One read takes the copies smallest first, up to `maxBytesPerRead` of them together: a copy that is not a
/// state (junk that only looks like a copy, which is reported and left in place) cannot keep a valid copy from
/// being merged, however many there are, unless they fill the whole budget with files smaller than it; the
/// copies beyond the budget wait for a later read, which finds fewer once the read ones are merged and removed.
enum ConflictCopies {
    /// The most bytes of copies one read takes: four state files at their largest.
    static let maxBytesPerRead = 4 * StateFileFormat.maxBytes
    /// What a copy costs against `maxBytesPerRead` at least, so many tiny files are bounded too (4096 of them).
    static let minimumCost = 4096

    /// The conflict copies one read takes, and how many wait for a later one.
    struct Selection: Equatable {
        /// Paths, smallest file first (then by name).
        var paths: [String] = []
        var waiting = 0
    }

    /// The paths of `path`'s conflict copies in its folder, sorted.
    static func find(beside path: String) throws(IOError) -> [String] {
        let directory = FileSystem.directoryName(of: path)
        let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        let names = try FileSystem.entries(of: directory.isEmpty ? "." : directory).filter { isConflictCopy($0, of: name) }
        let prefix = path.contains("/") ? directory + "/" : ""
        return names.sorted().map { prefix + $0 }
    }

    /// The copies of `path` one read takes (see the type's summary); `size` gives a file's size (nil: not a
    /// regular file, which costs the minimum and is reported when read).
    static func select(beside path: String, size: (String) -> Int? = FileSystem.regularFileSize) throws(IOError) -> Selection {
        select(try find(beside: path).map { ($0, size($0) ?? 0) })
    }

    /// The copies one read takes of `copies` (path and size).
    static func select(_ copies: [(path: String, size: Int)]) -> Selection {
        // A copy over the state file's limit is refused after reading at most one byte more than it.
        let costed = copies.map { (path: $0.path, cost: Swift.min(Swift.max($0.size, minimumCost), StateFileFormat.maxBytes + 1)) }
        var selection = Selection()
        var total = 0
        for copy in costed.sorted(by: { ($0.cost, $0.path) < ($1.cost, $1.path) }) {
            guard total + copy.cost <= maxBytesPerRead else {
                selection.waiting += 1
                continue
            }
            total += copy.cost
            selection.paths.append(copy.path)
        }
        return selection
    }

    /// Whether `candidate` is a conflict copy of the file named `name`.
    static func isConflictCopy(_ candidate: String, of name: String) -> Bool {
        let (stem, ext) = split(name)
        guard candidate != name, candidate.hasPrefix(stem), candidate.hasSuffix(ext),
              candidate.utf8.count > stem.utf8.count + ext.utf8.count else { return false }
        let middle = String(candidate.utf8.dropFirst(stem.utf8.count).dropLast(ext.utf8.count)) ?? ""
        return isSyncthing(middle) || isDropbox(middle) || isICloud(middle) || middle.hasPrefix("-conflict-")
    }

    /// `.sync-conflict-YYYYMMDD-HHMMSS-XXXXXXX`
    private static func isSyncthing(_ middle: String) -> Bool {
        let marker = ".sync-conflict-"
        guard middle.hasPrefix(marker) else { return false }
        let rest = Array(middle.utf8.dropFirst(marker.utf8.count))
        guard rest.count == 8 + 1 + 6 + 1 + 7, rest[8] == UInt8(ascii: "-"), rest[15] == UInt8(ascii: "-") else { return false }
        let digits = rest[0..<8] + rest[9..<15]
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let isDeviceCharacter = { (byte: UInt8) in isDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        return digits.allSatisfy(isDigit) && rest[16...].allSatisfy(isDeviceCharacter)
    }

    /// ` (… conflicted copy …)`, optionally followed by ` (N)`.
    private static func isDropbox(_ middle: String) -> Bool {
        middle.hasPrefix(" (") && middle.hasSuffix(")") && middle.lowercased().contains("conflicted copy")
    }

    /// ` N`, N a number from 2.
    private static func isICloud(_ middle: String) -> Bool {
        guard middle.hasPrefix(" "), let number = Int(middle.dropFirst()), String(number) == middle.dropFirst() else { return false }
        return number >= 2
    }

    /// `trails.json` → (`trails`, `.json`); a name without an extension has an empty one.
    static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// Whether an app id, as a state file's stem, would look like a conflict copy of another app's state.
    static func looksLikeCopy(stem: String) -> Bool {
        let lowered = stem.lowercased()
        if lowered.contains(".sync-conflict-") || lowered.contains("-conflict-") || lowered.contains("conflicted copy") { return true }
        guard let space = stem.lastIndex(of: " ") else { return false }
        let tail = stem[stem.index(after: space)...]
        return !tail.isEmpty && tail.allSatisfy(\.isASCII) && tail.allSatisfy(\.isNumber)
    }
}
