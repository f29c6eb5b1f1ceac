import WhatsNewCore

/// The store texts of `--format fastlane`, one per store and locale, with their length as the store counts it.
struct StoreFiles {
    struct File: Equatable {
        let path: String
        let text: String
        let store: StoreLint

        /// The length the store counts (`StoreLint.countedLength`).
        var length: Int { store.countedLength(of: text) }
    }

    /// The files of `--format fastlane`'s text: each after a line `==> PATH <==` (see `Compilation`); Google
    /// Play's are the ones under `android/`. (A line of a store text starts with `• ` or two spaces, so it is
    /// never taken for a path.)
    static func parse(_ output: String) -> [File] {
        var files: [File] = []
        var path: String?
        var text = ""
        func finish() {
            guard let path else { return }
            files.append(File(path: path, text: text, store: path.hasPrefix("android/") ? .playstore : .appstore))
        }
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(output.hasSuffix("\n") ? 1 : 0) {
            if line.hasPrefix("==> "), line.hasSuffix(" <=="), line.count >= 8 {
                finish()
                path = String(line.dropFirst(4).dropLast(4))
                text = ""
            } else {
                text += line + "\n"
            }
        }
        finish()
        return files
    }
}
