import WhatsNewDiagnostics

/// `unsatisfiable-tip-rule` (error): a tip rule that no app can make hold, so its tip would never show:
/// - an event or parameter name `tip donate`/`tip param` refuse (see `TipNames`: empty, spaces, control
///   characters, a leading `-`);
/// - `equals` a quoted string that the command line reads as a boolean or a number (`"true"`, `"3"`):
///   `tip param NAME true` sets the boolean, never the string;
/// - `lt`/`le`/`gt`/`ge` beside an `equals` that is not a number, or bounds no number meets (`gt: 5, lt: 3`);
/// - count bounds no count meets (`atLeast: 5, atMost: 2`), or more donations than are kept (1000 per event).
struct UnsatisfiableTipRuleRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        for tip in manifest.tips {
            for rule in tip.rules {
                if let problem = problem(with: rule) {
                    engine.report(Diagnostic(.error, code: .unsatisfiableTipRule,
                                             message: "a rule of tip '\(tip.id)' can never hold: \(problem.message)",
                                             at: problem.atName ? rule.nameLocation ?? rule.location : rule.location, fix: problem.fix))
                }
            }
        }
    }

    private func problem(with rule: TipRule) -> (message: String, fix: String, atName: Bool)? {
        switch rule.condition {
        case .event(let name, let count, _):
            if let problem = TipNames.problem(withWritten: name) {
                return ("no app can donate the event '\(name)': \(problem)", "name the event with letters, digits and _ . - : /", true)
            }
            let lower = max(count.atLeast ?? 0, count.equals ?? 0)
            let upper = min(count.atMost ?? Int.max, count.equals ?? Int.max)
            if lower > upper {
                return ("no number of donations of '\(name)' is \(count.description)", "make the bounds of 'count' agree", false)
            }
            if lower > TipRule.maxDonationsPerEvent {
                return ("it needs \(lower) donations of '\(name)', and only the latest \(TipRule.maxDonationsPerEvent) of an event are kept",
                        "ask for at most \(TipRule.maxDonationsPerEvent) donations", false)
            }
        case .parameter(let name, let condition):
            if let problem = TipNames.problem(withWritten: name) {
                return ("no app can set the parameter '\(name)': \(problem)", "name the parameter with letters, digits and _ . - : /", true)
            }
            if case .string(let text)? = condition.equals, ParameterValue(parsing: text) != .string(text) {
                return ("'tip param \(name) \(text)' sets \(ParameterValue(parsing: text).kindName), never the string '\(text)'",
                        "write 'equals: \(text)' without quotes", false)
            }
            if condition.comparesNumbers, let equals = condition.equals, equals.number == nil {
                return ("'\(name)' is compared as a number and must equal \(equals.kindName) at once", "keep either 'equals' or the comparisons", false)
            }
            let lower = [condition.gt, condition.ge, condition.equals?.number].compactMap { $0 }.max()
            let upper = [condition.lt, condition.le, condition.equals?.number].compactMap { $0 }.min()
            if let lower, let upper, lower > upper || (lower == upper && (condition.lt == upper || condition.gt == lower)) {
                return ("no number is \(condition.description)", "make the bounds of '\(name)' agree", false)
            }
        }
        return nil
    }
}

extension ParameterValue {
    var kindName: String {
        switch self {
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        }
    }

    package var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }
}
