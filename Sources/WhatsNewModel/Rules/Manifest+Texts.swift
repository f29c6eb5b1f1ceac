extension Manifest {
    /// Calls `body` with every text of the manifest that `matches` accepts, and a phrase that names it in
    /// messages ("the title of version 1.2.0"). The phrase is built only when `body` asks for it: most texts
    /// never need one, and a long manifest has a hundred thousand texts.
    ///
    /// A rule passes as `matches` a quick look with no side effects (is any entry blank?), so the walk reads
    /// each text in place: handing a text to `body` copies it, retaining its entries and its file, which
    /// costs more than most checks and is paid only for the few texts `body` has something to say about.
    /// (Inlined into each rule, so that `matches` is compiled into the walk rather than called through.)
    @inline(__always)
    func forEachText(where wanted: (_ text: LocalizedText) -> Bool = { _ in true },
                     _ body: (_ text: LocalizedText, _ name: () -> String) -> Void) {
        // An absent text (a required one missing from an item with errors) was reported already.
        func matches(_ text: LocalizedText) -> Bool { !text.isAbsent && wanted(text) }
        // Actions are few (registry entries and inline actions), so their owners are named up front.
        func visit(_ action: PrimaryAction, of owner: String) {
            if matches(action.title) { body(action.title) { "the title of \(owner)" } }
        }
        func visit(_ action: SecondaryAction, of owner: String) {
            if matches(action.title) { body(action.title) { "the title of \(owner)" } }
            // (An action with errors may have written more than one kind: see `otherKinds`.)
            for written in action.writtenKinds {
                guard case .present(let title, let page) = written.kind else { continue }
                if let title, matches(title) { body(title) { "the page title of \(owner)" } }
                if matches(page) { body(page) { "the page body of \(owner)" } }
            }
        }
        if case .inline(let icon)? = app?.icon, let alt = icon.alt, matches(alt) { body(alt) { "the alt text of the app icon" } }
        if let title = defaults.title?.text, matches(title) { body(title) { "the default title" } }
        if case .inline(let action)? = defaults.primaryAction { visit(action, of: "the default primary action") }
        if case .inline(let action)? = defaults.secondaryAction { visit(action, of: "the default secondary action") }
        for entry in images.entries {
            if let alt = entry.value.alt, matches(alt) { body(alt) { "the alt text of image '\(entry.key)'" } }
        }
        for entry in primaryActions.entries { visit(entry.value, of: "primary action '\(entry.key)'") }
        for entry in secondaryActions.entries { visit(entry.value, of: "secondary action '\(entry.key)'") }
        // Versions and features are read in place through spans (`for version in versions` would copy each
        // VersionEntry).
        let versions = versions.span
        for versionIndex in versions.indices {
            func versionName() -> String { self.versions[versionIndex].name }
            if let title = versions[versionIndex].title?.text, matches(title) { body(title) { "the title of \(versionName())" } }
            if let summary = versions[versionIndex].summary, matches(summary) { body(summary) { "the summary of \(versionName())" } }
            let features = versions[versionIndex].features.span
            for index in features.indices {
                func featureName() -> String {
                    let feature = self.versions[versionIndex].features[index]
                    return feature.id == nil && feature.title.isAbsent ? "feature \(index + 1) of \(versionName())" : "feature '\(feature.id ?? feature.title.text(for: defaults.locale))' of \(versionName())"
                }
                if matches(features[index].title) { body(features[index].title) { "the title of \(featureName())" } }
                if matches(features[index].subtitle) { body(features[index].subtitle) { "the subtitle of \(featureName())" } }
                if case .inline(let image)? = features[index].image, let alt = image.alt, matches(alt) {
                    body(alt) { "the alt text of the image of \(featureName())" }
                }
            }
            if case .inline(let action)? = versions[versionIndex].primaryAction { visit(action, of: "the primary action of \(versionName())") }
            if case .inline(let action)? = versions[versionIndex].secondaryAction { visit(action, of: "the secondary action of \(versionName())") }
        }
        for tip in tips {
            if matches(tip.title) { body(tip.title) { "the title of tip '\(tip.id)'" } }
            if let message = tip.message, matches(message) { body(message) { "the message of tip '\(tip.id)'" } }
            if case .inline(let image)? = tip.image, let alt = image.alt, matches(alt) { body(alt) { "the alt text of the image of tip '\(tip.id)'" } }
            for action in tip.actions where matches(action.title) {
                body(action.title) { "the title of action '\(action.id)' of tip '\(tip.id)'" }
            }
        }
    }
}
