import YAMLTree
import WhatsNewModel

extension ManifestDecoder {
    /// `stores: { appStore: { locales: … }, playStore: { locales: … } }`: for each store, a map from a
    /// manifest locale to a store code or a list of them (`[]`: not written for that store). The codes are
    /// checked against the store's by `StoreLocaleRule`, which needs every fragment's locales.
    func decodeStores(_ node: YAMLNode, context: DecodingContext) -> StoreSettings? {
        guard let fields = context.fields(node, of: "stores", allowed: ["appStore", "playStore"]) else { return nil }
        var stores = StoreSettings()
        if let store = fields["appStore"] { stores.appStore = decodeStoreLocales(store, for: "stores.appStore", context: context) }
        if let store = fields["playStore"] { stores.playStore = decodeStoreLocales(store, for: "stores.playStore", context: context) }
        return stores
    }

    private func decodeStoreLocales(_ node: YAMLNode, for name: String, context: DecodingContext) -> [StoreSettings.Override] {
        guard let fields = context.fields(node, of: name, allowed: ["locales"]), let locales = fields["locales"] else { return [] }
        guard let pairs = locales.mapping else {
            context.typeMismatch(locales, expected: "a mapping from a locale of the manifest to a store locale code or a list of them",
                                 for: "\(name).locales")
            return []
        }
        var overrides: [StoreSettings.Override] = []
        for pair in pairs {
            guard let locale = pair.key.scalar?.text, pair.key.scalar?.kind == .string else {
                context.error(.typeMismatch, "expected a locale as a key of '\(name).locales', found \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            let valueName = "\(name).locales.\(locale)"
            var codes: [String] = []
            var codeLocations: [SourceLocation?] = []
            if let items = pair.value.sequence {
                for item in items {
                    guard let code = context.string(item, for: valueName) else { continue }
                    codes.append(code)
                    codeLocations.append(context.location(item))
                }
            } else if pair.value.scalar?.kind == .string {
                codes = [pair.value.scalar?.text ?? ""]
                codeLocations = [context.location(pair.value)]
            } else {
                context.typeMismatch(pair.value, expected: "a store locale code or a list of them ([] leaves the locale out)", for: valueName)
                continue
            }
            overrides.append(StoreSettings.Override(locale: locale, codes: codes, location: context.location(pair.key), codeLocations: codeLocations))
        }
        return overrides
    }
}
