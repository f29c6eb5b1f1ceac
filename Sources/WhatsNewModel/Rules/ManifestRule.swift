import Threads
import WhatsNewDiagnostics
import WhatsNewIO
/// A semantic check the schema cannot express, with a stable code and its messages beside it.
package protocol ManifestRule: Sendable {
    func check(_ manifest: Manifest, engine: DiagnosticEngine)
}

/// The semantic rules that run on every `compile` and `validate`, in order.
package enum ManifestRules {
    package static let all = all(imageFiles: ImageFileOptions())

    /// The rules, image files read under `imageFiles` (`--assets-root`, the size limits).
    package static func all(imageFiles: ImageFileOptions) -> [any ManifestRule] { [
        UnresolvedReferenceRule(),
        UnusedReferenceRule(),
        DuplicateVersionRule(),
        MultipleUnreleasedRule(),
        EmptyVersionRule(),
        MissingTranslationRule(),
        DuplicateFeatureIDRule(),
        DuplicateFeatureRule(),
        UnreachablePatchRule(),
        MissingImageFileRule(options: imageFiles),
        InvalidURLRule(),
        RefusedLinkRule(),
        EmptyTextRule(),
        InvalidColorRule(),
        BlockMarkdownRule(),
        StoreLocaleRule(),
        UnknownTipRule(),
        DuplicateGroupTipRule(),
        DuplicateTipIDRule(),
        InvalidPlaceholderRule(),
        UnsatisfiableTipRuleRule(),
    ] }
}

extension Manifest {
    /// Calls `body` with every reference in the manifest (the app icon's too): the registry it names, the key,
    /// where it was written.
    func forEachReference(_ body: (_ registry: String, _ key: String, _ location: SourceLocation?) -> Void) {
        if case .key(let key, let location)? = app?.icon { body("images", key, location) }
        if case .key(let key, let location)? = defaults.primaryAction { body("primaryActions", key, location) }
        if case .key(let key, let location)? = defaults.secondaryAction { body("secondaryActions", key, location) }
        // Versions and features are read in place through spans: a VersionEntry or a Feature is a large value
        // holding a dozen references, and a copy (`for version in versions`) retains and releases each.
        let versions = versions.span
        for versionIndex in versions.indices {
            let features = versions[versionIndex].features.span
            for index in features.indices {
                if case .key(let key, let location)? = features[index].image { body("images", key, location) }
            }
            if case .key(let key, let location)? = versions[versionIndex].primaryAction { body("primaryActions", key, location) }
            if case .key(let key, let location)? = versions[versionIndex].secondaryAction { body("secondaryActions", key, location) }
        }
        for tip in tips {
            if case .key(let key, let location)? = tip.image { body("images", key, location) }
        }
    }

    /// Whether a registry defines a key (an invalid definition counts: it was reported already).
    func registryDefines(_ name: String, _ key: String) -> Bool {
        switch name {
        case "images": return images.defines(key)
        case "primaryActions": return primaryActions.defines(key)
        default: return secondaryActions.defines(key)
        }
    }

    /// The keys and definition sites of a registry, by its name in the manifest.
    func registryKeys(_ name: String) -> [(key: String, location: SourceLocation?)] {
        switch name {
        case "images": return images.entries.map { ($0.key, $0.location) }
        case "primaryActions": return primaryActions.entries.map { ($0.key, $0.location) }
        default: return secondaryActions.entries.map { ($0.key, $0.location) }
        }
    }
}

/// Runs rules over a manifest: on two threads, each taking the next rule not yet taken (they differ in cost,
/// so the threads end together), each rule reporting to an engine of its own that keeps as many diagnostics
/// as `engine` does; they are reported to `engine` in rule order, whichever thread ran them.
package enum RuleRunner {
    package static func run(_ rules: [any ManifestRule], on manifest: Manifest, reportingTo engine: DiagnosticEngine) {
        let turns = TakenInTurn(count: rules.count)
        let limit = engine.limit
        let otherThread = BackgroundWork(splitting: Parallelism.current.splits(size: rules.count, from: 2)) {
            check(manifest, with: rules, takingTurns: turns, keeping: limit)
        }
        let thisThread = check(manifest, with: rules, takingTurns: turns, keeping: limit)
        for (_, findings) in (thisThread + otherThread.result).sorted(by: { $0.rule < $1.rule }) {
            engine.report(contentsOf: findings)
        }
    }

    /// Runs the rules `turns` hands this thread.
    private static func check(_ manifest: Manifest, with rules: [any ManifestRule], takingTurns turns: TakenInTurn,
                              keeping limit: Int?) -> [(rule: Int, findings: DiagnosticEngine.Findings)] {
        var found: [(rule: Int, findings: DiagnosticEngine.Findings)] = []
        while let index = turns.take() {
            let findings = DiagnosticEngine(limit: limit)
            rules[index].check(manifest, engine: findings)
            found.append((index, findings.findings))
        }
        return found
    }
}
