/// The manifest's `stores`: for each store, the store codes some of its locales are written under, in place
/// of the built-in table's (`StoreLocaleTable`).
public struct StoreSettings: Sendable {
    /// One locale's entry of `stores.<store>.locales`: the codes its notes are written under (none: the
    /// locale is not written for that store).
    public struct Override: Sendable, Hashable {
        public var locale: String
        public var codes: [String]
        /// Where the locale's key is written.
        public var location: SourceLocation?
        /// Where each code is written, in the order of `codes`.
        public var codeLocations: [SourceLocation?]

        public init(locale: String, codes: [String], location: SourceLocation? = nil, codeLocations: [SourceLocation?] = []) {
            self.locale = locale
            self.codes = codes
            self.location = location
            self.codeLocations = codeLocations
        }
    }

    public var appStore: [Override] = []
    public var playStore: [Override] = []

    public init() {}

    /// The overrides of one store, in source order.
    public func overrides(for store: StoreLint) -> [Override] {
        store == .appstore ? appStore : playStore
    }
}
