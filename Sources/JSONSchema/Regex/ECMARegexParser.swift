/// The syntax tree of an ECMA-262 pattern, reduced to what matching needs (groups do not capture).
indirect enum RegexTree {
    case empty
    case scalar(UInt32)
    case set(ScalarSet)
    /// `.`: any scalar but a line terminator.
    case any
    case startAnchor
    case endAnchor
    case wordBoundary(negated: Bool)
    case lookahead(RegexTree, negated: Bool)
    case sequence([RegexTree])
    case alternation([RegexTree])
    case repetition(RegexTree, min: Int, max: Int?)
}

/// A pattern that is not ECMA-262, or uses a part of it whatsnew does not match.
struct ECMARegexError: Error, Sendable, Equatable {
    let message: String
    /// The index, in Unicode scalars, of the pattern text the problem is at.
    let offset: Int
}

/// Parses the ECMA-262 pattern grammar with the `u` flag's rules (the dialect JSON Schema names):
/// no lone `{`, `}` or `]`, no identity escapes of letters, and Unicode property escapes (`\p{L}`,
/// `\P{sc=Greek}`; see `UnicodeProperty`). Backreferences, lookbehind and modifiers are rejected with a
/// message rather than read differently.
struct ECMARegexParser {
    static let maxRepetition = 1000
    /// The bounds the distinct sets of one pattern may hold together (4 MB): a class with `\p{L}` holds
    /// about 2,600, so a pattern may have hundreds of different ones, not the thousands a few hundred
    /// kilobytes of `[\p{L}a][\p{L}b]…` would make.
    static let maxSetBounds = 1_000_000

    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// The sets of the pattern's classes and property escapes so far: a set met again is shared, not copied.
    private var distinctSets: Set<ScalarSet> = []
    private var setBounds = 0

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse() throws(ECMARegexError) -> RegexTree {
        let tree = try parseDisjunction()
        if index < scalars.count {
            throw ECMARegexError(message: "unmatched ')'", offset: index)
        }
        return tree
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private func fail(_ message: String, at offset: Int? = nil) -> ECMARegexError {
        ECMARegexError(message: message, offset: offset ?? index)
    }

    private mutating func parseDisjunction() throws(ECMARegexError) -> RegexTree {
        var alternatives = [try parseAlternative()]
        while current == "|" {
            index += 1
            alternatives.append(try parseAlternative())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseAlternative() throws(ECMARegexError) -> RegexTree {
        var terms: [RegexTree] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            terms.append(try parseTerm())
        }
        switch terms.count {
        case 0: return .empty
        case 1: return terms[0]
        default: return .sequence(terms)
        }
    }

    private mutating func parseTerm() throws(ECMARegexError) -> RegexTree {
        let start = index
        guard let scalar = current else { return .empty }
        let atom: RegexTree
        var isAssertion = false
        switch scalar {
        case "^":
            index += 1
            atom = .startAnchor
            isAssertion = true
        case "$":
            index += 1
            atom = .endAnchor
            isAssertion = true
        case "\\" where peek(1) == "b" || peek(1) == "B":
            atom = .wordBoundary(negated: peek(1) == "B")
            index += 2
            isAssertion = true
        case "(":
            (atom, isAssertion) = try parseGroup()
        case ".":
            index += 1
            atom = .any
        case "[":
            atom = .set(try shared(try parseClass(), at: start))
        case "\\":
            atom = try parseAtomEscape()
        case "*", "+", "?":
            throw fail("nothing to repeat before '\(scalar)'")
        case "{":
            if (try? quantifierBounds()) != nil {
                throw fail("nothing to repeat before '{'")
            }
            throw fail("a lone '{' is not allowed; write '\\{' for the character")
        case "}":
            throw fail("a lone '}' is not allowed; write '\\}' for the character")
        case "]":
            throw fail("a lone ']' is not allowed; write '\\]' for the character")
        default:
            index += 1
            atom = .scalar(scalar.value)
        }
        guard let (min, max) = try parseQuantifier() else { return atom }
        if isAssertion {
            throw fail("an assertion cannot be repeated", at: start)
        }
        return .repetition(atom, min: min, max: max)
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy (`?`), or nil when none follows.
    private mutating func parseQuantifier() throws(ECMARegexError) -> (Int, Int?)? {
        let bounds: (Int, Int?)
        switch current {
        case "*": index += 1; bounds = (0, nil)
        case "+": index += 1; bounds = (1, nil)
        case "?": index += 1; bounds = (0, 1)
        case "{":
            let start = index
            guard let (min, max, length) = try quantifierBounds() else {
                throw fail("a lone '{' is not allowed; write '\\{' for the character")
            }
            index += length
            if let max, max < min {
                throw fail("the quantifier {\(min),\(max)} has its numbers out of order", at: start)
            }
            bounds = (min, max)
        default:
            return nil
        }
        if current == "?" { index += 1 }
        return bounds
    }

    /// The bounds of a `{…}` quantifier at the current index and its length, or nil when the text is
    /// not one.
    private func quantifierBounds() throws(ECMARegexError) -> (Int, Int?, Int)? {
        var cursor = index + 1
        func number() -> Int? {
            var value = 0
            var digits = 0
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                value = Swift.min(value * 10 + Int(scalars[cursor].value - 0x30), Int(Int32.max))
                digits += 1
                cursor += 1
            }
            return digits == 0 ? nil : value
        }
        guard let min = number() else { return nil }
        var max: Int? = min
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            max = number()
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        if min > Self.maxRepetition || (max ?? 0) > Self.maxRepetition {
            throw fail("repetition counts above \(Self.maxRepetition) are not supported")
        }
        return (min, max, cursor + 1 - index)
    }

    private mutating func parseGroup() throws(ECMARegexError) -> (RegexTree, isAssertion: Bool) {
        let start = index
        index += 1
        var lookahead: Bool?
        if current == "?" {
            switch peek(1) {
            case ":":
                index += 2
            case "=", "!":
                lookahead = peek(1) == "!"
                index += 2
            case "<" where peek(2) == "=" || peek(2) == "!":
                throw fail("lookbehind '(?<\(peek(2)!)' is not supported", at: start)
            case "<":
                index += 2
                let nameStart = index
                while let scalar = current, scalar != ">" {
                    guard scalar.properties.isAlphabetic || scalar == "_" || scalar == "$"
                        || (index > nameStart && scalar.properties.numericType != nil) else {
                        throw fail("invalid group name")
                    }
                    index += 1
                }
                guard current == ">", index > nameStart else { throw fail("invalid group name") }
                index += 1
            default:
                throw fail("'(?' must be followed by ':', '=', '!' or '<name>'; modifiers such as '(?i)' are not ECMA-262 patterns",
                           at: start)
            }
        }
        let body = try parseDisjunction()
        guard current == ")" else { throw fail("missing ')' for the group opened here", at: start) }
        index += 1
        if let negated = lookahead { return (.lookahead(body, negated: negated), true) }
        return (body, false)
    }

    private mutating func parseAtomEscape() throws(ECMARegexError) -> RegexTree {
        let start = index
        index += 1
        guard let scalar = current else { throw fail("the pattern ends with a lone '\\'", at: start) }
        if let set = classEscape(scalar) {
            index += 1
            return .set(set)
        }
        if scalar == "p" || scalar == "P" { return .set(try shared(try parsePropertyEscape(start: start), at: start)) }
        switch scalar {
        case "1"..."9":
            throw fail("backreferences such as '\\\(scalar)' are not supported", at: start)
        case "k":
            throw fail("named backreferences ('\\k<name>') are not supported", at: start)
        default:
            return .scalar(try parseCharacterEscape(start: start, inClass: false))
        }
    }

    /// `\d \D \s \S \w \W`, or nil for any other escape letter.
    private func classEscape(_ scalar: Unicode.Scalar) -> ScalarSet? {
        switch scalar {
        case "d": return .digits
        case "D": return ScalarSet.digits.inverted
        case "s": return .whitespace
        case "S": return ScalarSet.whitespace.inverted
        case "w": return .wordCharacters
        case "W": return ScalarSet.wordCharacters.inverted
        default: return nil
        }
    }

    /// The copy of `set` the pattern already has, or `set`, counted against `maxSetBounds`.
    private mutating func shared(_ set: ScalarSet, at start: Int) throws(ECMARegexError) -> ScalarSet {
        let (inserted, member) = distinctSets.insert(set)
        guard inserted else { return member }
        setBounds += set.bounds.count
        if setBounds > Self.maxSetBounds {
            throw fail("the pattern's character classes are too large together; expected fewer different classes with '\\p{…}'", at: start)
        }
        return set
    }

    /// `\p{…}` or `\P{…}` (its complement); the index is on the `p`.
    private mutating func parsePropertyEscape(start: Int) throws(ECMARegexError) -> ScalarSet {
        let negated = current == "P"
        let letter = negated ? "P" : "p"
        index += 1
        guard current == "{" else {
            throw fail("'\\\(letter)' must be followed by a property in braces, such as '\\\(letter){Letter}'", at: start)
        }
        index += 1
        var expression = ""
        while let scalar = current, scalar != "}" {
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "=" else {
                throw fail("'\\\(letter){…}' takes letters, digits, '_' and one '=', found '\(scalar)'", at: index)
            }
            expression.unicodeScalars.append(scalar)
            index += 1
        }
        guard current == "}" else { throw fail("missing '}' for the '\\\(letter){' opened here", at: start) }
        index += 1
        let set: ScalarSet
        do {
            set = try UnicodeProperty.set(for: expression)
        } catch {
            throw fail(error.message, at: start)
        }
        return negated ? set.inverted : set
    }

    /// The scalar a character escape stands for; the index is on the letter after `\`.
    private mutating func parseCharacterEscape(start: Int, inClass: Bool) throws(ECMARegexError) -> UInt32 {
        let scalar = current!
        index += 1
        switch scalar {
        case "f": return 0x0C
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "v": return 0x0B
        case "b" where inClass: return 0x08
        case "-" where inClass: return 0x2D
        case "0":
            if let next = current, ("0"..."9").contains(next) {
                throw fail("octal escapes such as '\\0\(next)' are not allowed", at: start)
            }
            return 0
        case "c":
            guard let letter = current, letter.isASCII, letter.properties.isAlphabetic else {
                throw fail("'\\c' must be followed by a letter A-Z", at: start)
            }
            index += 1
            return letter.value % 32
        case "x":
            guard let value = hexDigits(count: 2) else { throw fail("'\\x' must be followed by two hex digits", at: start) }
            return value
        case "u":
            return try parseUnicodeEscape(start: start)
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/":
            return scalar.value
        default:
            throw fail("unknown escape '\\\(scalar)'", at: start)
        }
    }

    private mutating func parseUnicodeEscape(start: Int) throws(ECMARegexError) -> UInt32 {
        if current == "{" {
            index += 1
            var value: UInt32 = 0
            var digits = 0
            while let scalar = current, let digit = Self.hexValue(scalar) {
                value = value * 16 + UInt32(digit)
                digits += 1
                index += 1
                if value > 0x10FFFF { throw fail("'\\u{…}' is above U+10FFFF", at: start) }
            }
            guard digits > 0, current == "}" else { throw fail("'\\u{' must be followed by hex digits and '}'", at: start) }
            index += 1
            return value
        }
        guard let unit = hexDigits(count: 4) else {
            throw fail("'\\u' must be followed by four hex digits or '{…}'", at: start)
        }
        // A surrogate pair written as two escapes is one scalar.
        if (0xD800...0xDBFF).contains(unit), current == "\\", peek(1) == "u" {
            let saved = index
            index += 2
            if let low = hexDigits(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
            }
            index = saved
        }
        return unit
    }

    private mutating func hexDigits(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let scalar = peek(offset), let digit = Self.hexValue(scalar) else { return nil }
            value = value * 16 + UInt32(digit)
        }
        index += count
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: return Int(scalar.value - 0x30)
        case 0x41...0x46: return Int(scalar.value - 0x41 + 10)
        case 0x61...0x66: return Int(scalar.value - 0x61 + 10)
        default: return nil
        }
    }

    private mutating func parseClass() throws(ECMARegexError) -> ScalarSet {
        let start = index
        index += 1
        let negated = current == "^"
        if negated { index += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        var sets: [ScalarSet] = []
        while true {
            guard let scalar = current else { throw fail("missing ']' for the class opened here", at: start) }
            if scalar == "]" {
                index += 1
                break
            }
            let atomStart = index
            let first = try parseClassAtom()
            if current == "-", let next = peek(1), next != "]" {
                index += 1
                let second = try parseClassAtom()
                guard case .scalar(let low) = first, case .scalar(let high) = second else {
                    throw fail("a class range cannot start or end with a class escape such as '\\d', '\\w' or '\\p{…}'", at: atomStart)
                }
                guard low <= high else { throw fail("the class range is out of order", at: atomStart) }
                ranges.append(low...high)
                continue
            }
            switch first {
            case .scalar(let value): ranges.append(value...value)
            case .set(let set): sets.append(set)
            }
        }
        let set = ranges.isEmpty && sets.count == 1 ? sets[0] : ScalarSet(ranges: ranges + sets.flatMap(\.ranges))
        return negated ? set.inverted : set
    }

    private enum ClassAtom {
        case scalar(UInt32)
        case set(ScalarSet)
    }

    private mutating func parseClassAtom() throws(ECMARegexError) -> ClassAtom {
        let scalar = current!
        guard scalar == "\\" else {
            index += 1
            return .scalar(scalar.value)
        }
        let start = index
        index += 1
        guard let letter = current else { throw fail("the pattern ends with a lone '\\'", at: start) }
        if let set = classEscape(letter) {
            index += 1
            return .set(set)
        }
        if letter == "p" || letter == "P" { return .set(try parsePropertyEscape(start: start)) }
        if ("1"..."9").contains(letter) || letter == "k" {
            throw fail("unknown escape '\\\(letter)' in a class", at: start)
        }
        return .scalar(try parseCharacterEscape(start: start, inClass: true))
    }
}
