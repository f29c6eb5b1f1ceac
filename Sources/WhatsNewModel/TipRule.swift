/// One condition of a tip (TipKit's `#Rule`): on the donations of an event, or on a parameter's value.
package struct TipRule: Sendable, Hashable {
    /// The most donations of one event the state keeps (the latest ones); a rule that needs more never holds.
    package static let maxDonationsPerEvent = 1000

    package enum Condition: Sendable, Hashable {
        /// The event's donations (within `within`, when given) must satisfy `count`.
        case event(String, count: CountCondition, within: TipDuration?)
        /// The parameter must be set, and its value satisfy the comparison.
        case parameter(String, ParameterCondition)
    }

    package var condition: Condition
    /// Where the event or parameter name was written.
    package var nameLocation: SourceLocation?
    package var location: SourceLocation?

    package init(_ condition: Condition, nameLocation: SourceLocation? = nil, location: SourceLocation? = nil) {
        self.condition = condition
        self.nameLocation = nameLocation
        self.location = location
    }

    /// The event or parameter name (placeholders unfilled).
    package var name: String {
        switch condition {
        case .event(let name, _, _), .parameter(let name, _): return name
        }
    }

    package static func == (lhs: TipRule, rhs: TipRule) -> Bool { lhs.condition == rhs.condition }

    package func hash(into hasher: inout Hasher) { hasher.combine(condition) }
}

/// Bounds on a number of donations: every bound given must hold (none given means at least one).
package struct CountCondition: Sendable, Hashable {
    package var atLeast: Int?
    package var atMost: Int?
    package var equals: Int?

    package init(atLeast: Int? = nil, atMost: Int? = nil, equals: Int? = nil) {
        self.atLeast = atLeast
        self.atMost = atMost
        self.equals = equals
    }

    package func holds(for count: Int) -> Bool {
        if atLeast == nil, atMost == nil, equals == nil { return count >= 1 }
        if let atLeast, count < atLeast { return false }
        if let atMost, count > atMost { return false }
        if let equals, count != equals { return false }
        return true
    }

    /// "at least 3", "at most 2 and at least 1": what is expected, for `tip status`.
    package var description: String {
        var parts: [String] = []
        if let equals { parts.append("exactly \(equals)") }
        if let atLeast { parts.append("at least \(atLeast)") }
        if let atMost { parts.append("at most \(atMost)") }
        return parts.isEmpty ? "at least 1" : parts.joined(separator: " and ")
    }
}

/// A comparison of a parameter's value: `equals` any scalar; `lt`, `le`, `gt`, `ge` numbers. Every one
/// given must hold.
package struct ParameterCondition: Sendable, Hashable {
    package var equals: ParameterValue?
    package var lt: Double?
    package var le: Double?
    package var gt: Double?
    package var ge: Double?

    package init(equals: ParameterValue? = nil, lt: Double? = nil, le: Double? = nil, gt: Double? = nil, ge: Double? = nil) {
        self.equals = equals
        self.lt = lt
        self.le = le
        self.gt = gt
        self.ge = ge
    }

    /// Whether the comparisons that are numeric (and need a number) are given.
    package var comparesNumbers: Bool { lt != nil || le != nil || gt != nil || ge != nil }

    package func holds(for value: ParameterValue) -> Bool {
        if let equals, equals != value { return false }
        guard comparesNumbers else { return true }
        guard case .number(let number) = value else { return false }
        if let lt, !(number < lt) { return false }
        if let le, !(number <= le) { return false }
        if let gt, !(number > gt) { return false }
        if let ge, !(number >= ge) { return false }
        return true
    }

    /// "equals true", "< 3 and >= 1": what is expected, for `tip status`.
    package var description: String {
        var parts: [String] = []
        if let equals { parts.append("equals \(equals.text)") }
        if let lt { parts.append("< \(ParameterValue.number(lt).text)") }
        if let le { parts.append("<= \(ParameterValue.number(le).text)") }
        if let gt { parts.append("> \(ParameterValue.number(gt).text)") }
        if let ge { parts.append(">= \(ParameterValue.number(ge).text)") }
        return parts.joined(separator: " and ")
    }
}

extension ParameterValue {
    /// The value as `tip param` reads it and `tip status` prints it: `true`, `3`, `2.5`, `text`.
    public var text: String {
        switch self {
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .string(let string): return string
        }
    }

    /// A value as written on the command line: `true`/`false`, a finite number, else the string itself.
    public init(parsing text: String) {
        switch text {
        case "true": self = .bool(true)
        case "false": self = .bool(false)
        default:
            if let number = Double(text), number.isFinite, text.first.map({ $0.isNumber || $0 == "-" }) == true {
                self = .number(number)
            } else {
                self = .string(text)
            }
        }
    }
}
