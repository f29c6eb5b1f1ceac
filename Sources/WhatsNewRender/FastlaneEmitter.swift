import WhatsNewModel

/// `--format fastlane`: one version's notes as the store metadata fastlane uploads, for every locale of the
/// manifest in one run, as plain text (`StoreText`):
///
/// - the App Store's, for deliver: `<code>/release_notes.txt` (`en-US/release_notes.txt`);
/// - Google Play's, for supply: `android/<code>/changelogs/<build>.txt`, the version's `build` being its
///   versionCode, or `default.txt` (which supply uploads for any versionCode without a file of its own) when
///   it has none.
///
/// Each store gets the features for its platforms (the App Store Apple's, Google Play `android`) and those
/// without `platforms`. Locales map to each store's codes by `StoreLocaleMap`. Everything that could stop the
/// run (one version, a language, a whole-number versionCode, each store's limit) is checked before, by
/// `OutputChecks.fastlane` in WhatsNewCore, which hands over a `FastlanePlan`: this only lays it out as files.
package enum FastlaneEmitter {
    /// A file of the tree: its path below the directory of `-o`, and its text.
    package struct File: Sendable, Hashable {
        package let path: String
        package let text: String
    }

    /// The files of the checked plan, each store's in the order of its codes.
    package static func files(_ plan: FastlanePlan) -> [File] {
        plan.stores.flatMap { store in
            store.texts.map { File(path: path(of: store.store, code: $0.code, changelog: store.changelog), text: $0.text) }
        }
    }

    /// The path of a store's notes under its locale `code`: `<code>/release_notes.txt` for the App Store,
    /// `android/<code>/changelogs/<changelog>.txt` for Google Play.
    package static func path(of store: StoreLint, code: String, changelog: String) -> String {
        store == .appstore ? "\(code)/release_notes.txt" : "android/\(code)/changelogs/\(changelog).txt"
    }
}
