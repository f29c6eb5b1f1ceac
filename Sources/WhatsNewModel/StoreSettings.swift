/// The manifest's `stores`: for each store, the store codes some of its locales are written under, in place
/// of the built-in table's (`StoreLocaleTable`).
package struct StoreSettings: Sendable {
    /// One locale's entry of `stores.<store>.locales`: the codes its notes are written under (none: the
    /// locale is not written for that store).
    package struct Override: Sendable, Hashable {
        package var locale: String
        package var codes: [String]
        /// Where the locale's key is written.
        package var location: SourceLocation?
        /// Where each code is written, in the order of `codes`.
        package var codeLocations: [SourceLocation?]

        package init(locale: String, codes: [String], location: SourceLocation? = nil, codeLocations: [SourceLocation?] = []) {
            self.locale = locale
            self.codes = codes
            self.location = location
            self.codeLocations = codeLocations
        }
    }

    package var appStore: [Override] = []
    package var playStore: [Override] = []

    package init() {}

    /// The overrides of one store, in source order.
    package func overrides(for store: StoreLint) -> [Override] {
        store == .appstore ? appStore : playStore
    }
}
