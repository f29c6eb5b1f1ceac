/// A window of time written as a number and a unit: `30m`, `12h`, `7d`, `2w` (minutes, hours, days, weeks).
package struct TipDuration: Sendable, Hashable, CustomStringConvertible {
    package static let units: [(unit: Character, name: String, milliseconds: Int64)] = [
        ("m", "minutes", 60_000), ("h", "hours", 3_600_000), ("d", "days", 86_400_000), ("w", "weeks", 604_800_000),
    ]

    package let milliseconds: Int64
    /// As written (`7d`).
    package let description: String

    /// A duration from its text; nil unless it is digits without a leading zero (at most 6) and one unit.
    package init?(_ text: String) {
        guard let unit = text.last, let scale = Self.units.first(where: { $0.unit == unit })?.milliseconds else { return nil }
        let digits = text.dropLast()
        guard (1...6).contains(digits.count), digits.first != "0", digits.allSatisfy({ ("0"..."9").contains($0) }),
              let amount = Int64(digits) else { return nil }
        milliseconds = amount * scale
        description = text
    }

    /// The duration most likely meant by text that is not one (`7 days`, `7D`, `1week`), if any.
    package static func suggestion(for text: String) -> String? {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        let digits = compact.prefix(while: { ("0"..."9").contains($0) })
        let word = compact.dropFirst(digits.count)
        guard !digits.isEmpty, let first = word.first else { return nil }
        let trimmed = String(digits.drop(while: { $0 == "0" }))
        guard !trimmed.isEmpty else { return nil }
        // "mo"/"month" has no unit here: 4 weeks is the nearest.
        if word.hasPrefix("mo") { return Int(trimmed).map { "\($0 * 4)w" } }
        if word.hasPrefix("s") { return nil }
        guard let unit = units.first(where: { $0.unit == first }) else { return nil }
        let candidate = trimmed + String(unit.unit)
        return TipDuration(candidate) == nil || candidate == text ? nil : candidate
    }
}

/// How often a tip never shown before may be shown for the first time after another tip was shown
/// (TipKit's display frequency); tips shown before are not held back by it.
package enum TipDisplayFrequency: String, Sendable, Hashable, CaseIterable {
    case immediate, hourly, daily, weekly, monthly

    /// The wait after the latest display of any tip; 0 for `immediate`. A month is 30 days.
    package var milliseconds: Int64 {
        switch self {
        case .immediate: return 0
        case .hourly: return 3_600_000
        case .daily: return 86_400_000
        case .weekly: return 7 * 86_400_000
        case .monthly: return 30 * 86_400_000
        }
    }
}
