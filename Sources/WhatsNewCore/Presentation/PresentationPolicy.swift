import WhatsNewModel

/// The selection policy of `show`: which manifest versions a user sees for the current version,
/// given what was presented before. A pure function, so every case is a table row in the tests.
///
/// Default (WhatsNewKit's `WhatsNewEnvironment`, exactly):
/// 1. P (the presented versions) contains the current version C → show nothing.
/// 2. The manifest has C → show it.
/// 3. Else M = C.major.C.minor.0; P contains M → show nothing.
/// 4. Else show M if the manifest has it, or nothing.
///
/// Beyond WhatsNewKit, which has no pre-releases: the fallback never goes to a release newer than C, so a
/// pre-release of x.y.0 (say 1.2.0-beta.1) falls back to nothing rather than to 1.2.0.
///
/// `catchUp`: every manifest version newer than the newest presented one, up to C inclusive, newest first.
/// With nothing presented yet it decides like the default, so a new user sees one version, not the whole
/// history. Pre-releases are caught up on only while C is a pre-release of the same M.m.p; otherwise the
/// release's notes supersede them. When the newest presented version is newer than C (a downgrade),
/// nothing is shown.
///
/// `force`: decide as if P were empty.
///
/// Versions compare by SemVer precedence, so build metadata never matters. What is recorded is what is
/// shown: on a fallback that is M, not C.
package enum PresentationPolicy {
    package static func decide(available: [SemanticVersion], current: SemanticVersion, presented: Set<SemanticVersion>,
                               options: PresentationOptions = PresentationOptions()) -> PresentationDecision {
        var steps = ["current version: \(current)", "presented versions: \(list(presented.sorted()))"]
        let seen: Set<SemanticVersion> = options.force ? [] : presented
        if options.force { steps.append("--force: deciding as if nothing had been presented") }
        if options.catchUp {
            if let newest = seen.max() {
                return catchUp(available: available, current: current, newestPresented: newest, steps: steps)
            }
            steps.append("--catch-up: nothing presented yet, so the default policy decides (a first launch shows one version, not the whole history)")
        }
        return defaultPolicy(available: available, current: current, seen: seen, steps: steps)
    }

    private static func defaultPolicy(available: [SemanticVersion], current: SemanticVersion, seen: Set<SemanticVersion>,
                                      steps: [String]) -> PresentationDecision {
        var steps = steps
        func nothing(_ step: String) -> PresentationDecision {
            steps.append(step)
            return PresentationDecision(versionsToShow: [], versionsToRecord: [], explanation: steps)
        }
        if seen.contains(current) { return nothing("1. \(current) has been presented: show nothing") }
        steps.append("1. \(current) has not been presented")
        if let match = available.first(where: { $0 == current }) {
            steps.append("2. the manifest has notes for \(current): show them and record \(current)")
            return PresentationDecision(versionsToShow: [match], versionsToRecord: [current.canonical], explanation: steps)
        }
        steps.append("2. the manifest has no notes for \(current)")
        let fallback = current.minorRelease
        if fallback > current {
            return nothing("3. the fallback \(fallback) is newer than the pre-release \(current): show nothing")
        }
        if seen.contains(fallback) { return nothing("3. the fallback \(fallback) has been presented: show nothing") }
        steps.append("3. the fallback \(fallback) has not been presented")
        guard let match = available.first(where: { $0 == fallback }) else {
            return nothing("4. the manifest has no notes for \(fallback): show nothing")
        }
        let note = fallback == current ? "" : ", not \(current)"
        steps.append("4. the manifest has notes for \(fallback): show them and record \(fallback)\(note)")
        return PresentationDecision(versionsToShow: [match], versionsToRecord: [fallback], explanation: steps)
    }

    private static func catchUp(available: [SemanticVersion], current: SemanticVersion, newestPresented newest: SemanticVersion,
                                steps: [String]) -> PresentationDecision {
        var steps = steps
        steps.append("--catch-up: the newest presented version is \(newest)")
        var chosen: [SemanticVersion] = []
        var skipped: [SemanticVersion] = []
        for version in available where newest < version && version <= current && !chosen.contains(version) {
            if version.isPrerelease && !(current.isPrerelease && current.release == version.release) {
                skipped.append(version)
            } else {
                chosen.append(version)
            }
        }
        chosen.sort(by: >)
        if !skipped.isEmpty {
            steps.append("skipped pre-release\(skipped.count == 1 ? "" : "s") \(list(skipped.sorted(by: >))): "
                         + "only pre-releases of the current release are caught up on")
        }
        if chosen.isEmpty {
            let why = newest > current ? "\(newest) is newer than \(current)" : "the manifest has no notes newer than \(newest) up to \(current)"
            steps.append("\(why): show nothing")
        } else {
            steps.append("the manifest has notes newer than \(newest) up to \(current): show \(list(chosen)) and record "
                         + (chosen.count == 1 ? "it" : "them"))
        }
        return PresentationDecision(versionsToShow: chosen, versionsToRecord: chosen.map(\.canonical), explanation: steps)
    }

    private static func list(_ versions: [SemanticVersion]) -> String {
        versions.isEmpty ? "none" : versions.map(\.description).joined(separator: ", ")
    }
}
