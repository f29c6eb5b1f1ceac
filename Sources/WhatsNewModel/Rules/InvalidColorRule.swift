import WhatsNewDiagnostics
import WhatsNewText

/// `invalid-color` (error): a color that is neither one of the named colors nor `#RGB`, `#RRGGBB` or
/// `#RRGGBBAA`, with the nearest name suggested.
struct InvalidColorRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        for (name, color) in manifest.colors(where: { Color.parse($0.text) == nil }) {
            let names = NamedColor.allCases.map(\.rawValue)
            let suggestion = Suggestion.closest(to: color.text, in: names)
            engine.report(Diagnostic(.error, code: .invalidColor,
                                     message: "unknown color '\(color.text)' for \(name)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                     at: color.location,
                                     fix: "use a named color (" + names.joined(separator: ", ") + ") or #RGB, #RRGGBB, #RRGGBBAA"))
        }
    }
}

extension Manifest {
    /// Every color the manifest sets that `matches` accepts, with a phrase naming where (built only for those).
    package func colors(where matches: (ColorValue) -> Bool) -> [(name: String, color: ColorValue)] {
        var colors: [(String, ColorValue)] = []
        func add(_ name: @autoclosure () -> String, _ color: ColorValue?) {
            if let color, color.location != nil, matches(color) { colors.append((name(), color)) }
        }
        func add(_ owner: @autoclosure () -> String, _ image: Image) { add("the image of \(owner())", image.foregroundColor) }
        func add(_ owner: String, _ action: PrimaryAction) {
            add("the background of \(owner)", action.backgroundColor)
            add("the text of \(owner)", action.foregroundColor)
        }
        func add(_ owner: String, _ action: SecondaryAction) { add("the text of \(owner)", action.foregroundColor) }
        add("defaults.accentColor", defaults.accentColor)
        if case .inline(let icon)? = app?.icon { add("the app icon", icon.foregroundColor) }
        add("the default title", defaults.title?.foregroundColor)
        if case .inline(let action)? = defaults.primaryAction { add("the default primary action", action) }
        if case .inline(let action)? = defaults.secondaryAction { add("the default secondary action", action) }
        for entry in images.entries { add("image '\(entry.key)'", entry.value.foregroundColor) }
        for entry in primaryActions.entries { add("primary action '\(entry.key)'", entry.value) }
        for entry in secondaryActions.entries { add("secondary action '\(entry.key)'", entry.value) }
        // Versions and features are read in place through spans (a copy of a Feature retains a dozen values).
        let versions = versions.span
        for versionIndex in versions.indices {
            func name() -> String { self.versions[versionIndex].name }
            add("the title of \(name())", versions[versionIndex].title?.foregroundColor)
            let features = versions[versionIndex].features.span
            for index in features.indices {
                if case .inline(let image)? = features[index].image { add("a feature of \(name())", image) }
            }
            if case .inline(let action)? = versions[versionIndex].primaryAction { add("the primary action of \(name())", action) }
            if case .inline(let action)? = versions[versionIndex].secondaryAction { add("the secondary action of \(name())", action) }
        }
        return colors
    }
}
