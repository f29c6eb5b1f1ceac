import WhatsNewModel

/// A tip's status (TipKit's `Tips.Status`): its rules do not all hold yet, they do, or it will never be
/// shown again.
package enum TipStatus: Sendable, Hashable, CustomStringConvertible {
    case pending
    case available
    case invalidated(InvalidationReason)

    package var description: String {
        switch self {
        case .pending: return "pending"
        case .available: return "available"
        case .invalidated(let reason): return "invalidated (\(reason.rawValue))"
        }
    }
}

/// What keeps a tip from being shown now: a rule that does not hold, or (for an available tip) the display
/// frequency, the order of its group, the values a reusable tip needs, or a testing override.
package enum TipHold: Sendable, Hashable, CustomStringConvertible {
    case eventCount(event: String, count: Int, expected: CountCondition, within: TipDuration?)
    case parameterUnset(String)
    case parameterValue(String, value: ParameterValue, expected: ParameterCondition)
    /// Never shown, and a tip was shown less than the frequency's wait ago.
    case displayFrequency(TipDisplayFrequency)
    /// In an ordered group, an earlier tip is not invalidated yet.
    case earlierInGroup(group: String, tip: String)
    /// A reusable tip whose placeholders `--with` does not fill.
    case needsValues([String])
    case hiddenForTesting

    package var description: String {
        switch self {
        case .eventCount(let event, let count, let expected, let within):
            let window = within.map { " within \($0)" } ?? ""
            return "event '\(event)': \(count) donation\(count == 1 ? "" : "s")\(window), needs \(expected.description)"
        case .parameterUnset(let name): return "parameter '\(name)' is not set"
        case .parameterValue(let name, let value, let expected): return "parameter '\(name)' is \(value.text), needs \(expected.description)"
        case .displayFrequency(let frequency): return "display frequency (\(frequency.rawValue)): a tip was shown recently"
        case .earlierInGroup(let group, let tip): return "group '\(group)' is ordered: '\(tip)' first"
        case .needsValues(let names): return "reusable: needs " + names.map { "--with \($0)=…" }.joined(separator: " ")
        case .hiddenForTesting: return "hidden for testing"
        }
    }
}

/// A tip's state now: its status, its displays on every device together, and what holds it back.
package struct TipEvaluation: Sendable, Hashable {
    package var id: String
    package var status: TipStatus
    package var displays: Int
    /// What keeps it from being shown now: the first rule that does not hold, or what holds back an
    /// available tip; nil for an invalidated tip, or one that would be shown.
    package var hold: TipHold?
    /// Whether `tip show` would show it now.
    package var wouldShow: Bool

    package init(id: String, status: TipStatus, displays: Int, hold: TipHold?, wouldShow: Bool) {
        self.id = id
        self.status = status
        self.displays = displays
        self.hold = hold
        self.wouldShow = wouldShow
    }
}
