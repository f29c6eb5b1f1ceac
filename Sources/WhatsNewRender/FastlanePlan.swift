import WhatsNewModel

/// What `--format fastlane` writes, checked (by `OutputChecks.fastlane` in WhatsNewCore) before `FastlaneEmitter`
/// lays it out: the one selected version, and for each store that gets notes, its changelog's name and the plain
/// text of each of its locales, each within the store's limit.
package struct FastlanePlan: Sendable {
    /// The notes of one store: the texts written under each of its locale codes.
    package struct Store: Sendable {
        /// One locale's notes: the store's code (the folder), the manifest locale, and the plain text (`StoreText`).
        package struct Text: Sendable, Hashable {
            package let code: String
            package let locale: String
            package let text: String

            package init(code: String, locale: String, text: String) {
                self.code = code
                self.locale = locale
                self.text = text
            }
        }

        package let store: StoreLint
        /// Google Play's changelog name: the version's versionCode, or `default`; empty for the App Store.
        package let changelog: String
        /// The texts, in the store's order of codes.
        package let texts: [Text]

        package init(store: StoreLint, changelog: String, texts: [Text]) {
            self.store = store
            self.changelog = changelog
            self.texts = texts
        }
    }

    /// The selected version.
    package let entry: VersionEntry
    /// The stores that get notes, in `StoreLint`'s order.
    package let stores: [Store]

    package init(entry: VersionEntry, stores: [Store]) {
        self.entry = entry
        self.stores = stores
    }
}
