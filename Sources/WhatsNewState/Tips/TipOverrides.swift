/// TipKit's testing overrides: show every tip, show some, hide some, hide every tip. Under any of them
/// nothing is recorded (no display, no invalidation), so a test can show a tip again and again.
///
/// Precedence, as TipKit's: `show` first, then `hide`, then `showAll`, then `hideAll`.
package struct TipOverrides: Sendable, Hashable {
    package var showAll: Bool
    package var show: Set<String>
    package var hide: Set<String>
    package var hideAll: Bool

    package init(showAll: Bool = false, show: Set<String> = [], hide: Set<String> = [], hideAll: Bool = false) {
        self.showAll = showAll
        self.show = show
        self.hide = hide
        self.hideAll = hideAll
    }

    /// Whether any override is given.
    package var isActive: Bool { showAll || hideAll || !show.isEmpty || !hide.isEmpty }

    /// Whether the overrides show (true) or hide (false) the tip `id` (or the reusable tip it is an
    /// instance of, `templateID`), whatever its rules, status and the display frequency; nil when they say nothing.
    package func decision(for id: String, templateID: String? = nil) -> Bool? {
        func names(_ set: Set<String>) -> Bool { set.contains(id) || templateID.map(set.contains) == true }
        if names(show) { return true }
        if names(hide) { return false }
        if showAll { return true }
        if hideAll { return false }
        return nil
    }

    /// The overrides the environment sets: `WHATSNEW_TIPS_SHOW_ALL=1`, `WHATSNEW_TIPS_SHOW=a,b`,
    /// `WHATSNEW_TIPS_HIDE=a,b`, `WHATSNEW_TIPS_HIDE_ALL=1` (TipKit's launch arguments, for a command line).
    package static func environment(_ environment: (String) -> String? = StateLocation.processEnvironment) -> TipOverrides {
        func list(_ name: String) -> Set<String> {
            Set((environment(name) ?? "").split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty })
        }
        return TipOverrides(showAll: environment("WHATSNEW_TIPS_SHOW_ALL") == "1", show: list("WHATSNEW_TIPS_SHOW"),
                            hide: list("WHATSNEW_TIPS_HIDE"), hideAll: environment("WHATSNEW_TIPS_HIDE_ALL") == "1")
    }

    /// These overrides with `other`'s added (flags given on the command line beside the environment's).
    package func adding(_ other: TipOverrides) -> TipOverrides {
        TipOverrides(showAll: showAll || other.showAll, show: show.union(other.show), hide: hide.union(other.hide),
                     hideAll: hideAll || other.hideAll)
    }
}
