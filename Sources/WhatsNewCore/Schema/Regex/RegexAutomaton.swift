import Synchronization

/// A deterministic automaton for a program without word boundaries or lookaheads, built lazily: a state is
/// the set of instructions waiting for the next scalar, made the first time a text leads to it, and its
/// transitions on ASCII scalars are remembered. Once built, matching costs one table lookup per scalar
/// (the backtracker tries a few instructions per scalar and remembers nothing between texts), which
/// counts when one pattern checks every feature id of a manifest.
///
/// Shared by every thread that uses the regex, behind a lock. A pattern whose automaton would grow past
/// `stateLimit` states answers nil, and the caller falls back to the backtracker.
final class RegexAutomaton: Sendable {
    private struct State {
        /// The consuming instructions (`scalar`, `set`, `any`) waiting for the next scalar, ascending.
        let waiting: [Int32]
        /// Whether `match` is reached before the next scalar.
        let matches: Bool
        /// Whether `match` is reached if the text ends here (through `$`).
        let matchesAtEnd: Bool
        /// The next state for each ASCII scalar; -1 until a text needs it.
        var next: [Int32]
    }

    private struct Tables {
        var states: [State] = []
        var index: [[Int32]: Int32] = [:]
        var start: Int32 = -1
    }

    private let program: [RegexInstruction]
    private let sets: [ScalarSet]
    /// Whether a match may start anywhere (the pattern does not start with `^`).
    private let searching: Bool
    private let tables = Mutex(Tables())

    static let stateLimit = 512

    /// An automaton for `program`, or nil when it uses an instruction whose outcome depends on more than
    /// the scalars read so far (word boundaries and lookaheads look around the position).
    init?(program: [RegexInstruction], sets: [ScalarSet], searching: Bool) {
        for instruction in program {
            switch instruction.op {
            case .wordBoundary, .notWordBoundary, .lookahead, .negativeLookahead: return nil
            default: continue
            }
        }
        self.program = program
        self.sets = sets
        self.searching = searching
    }

    /// Whether the pattern matches somewhere in `text`; nil when the automaton would grow too large.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        tables.withLock { tables -> Bool? in
            if tables.start < 0 {
                guard let start = state(closure(of: [0], atStart: true), in: &tables) else { return nil }
                tables.start = start
            }
            var current = Int(tables.start)
            var position = 0
            while true {
                if tables.states[current].matches { return true }
                guard position < text.count else { return tables.states[current].matchesAtEnd }
                if tables.states[current].waiting.isEmpty, !searching { return false }
                let (value, length) = ECMARegex.decode(text, at: position)
                position += length
                if value < 128, tables.states[current].next[Int(value)] >= 0 {
                    current = Int(tables.states[current].next[Int(value)])
                    continue
                }
                guard let next = state(closure(of: advanced(tables.states[current].waiting, over: value), atStart: false),
                                       in: &tables) else { return nil }
                if value < 128 { tables.states[current].next[Int(value)] = next }
                current = Int(next)
            }
        }
    }

    /// The instructions after each waiting one that accepts `value` (and the pattern's start again, when
    /// searching).
    private func advanced(_ waiting: [Int32], over value: UInt32) -> [Int32] {
        var seeds: [Int32] = []
        for pc in waiting {
            let instruction = program[Int(pc)]
            let accepts: Bool
            switch instruction.op {
            case .scalar: accepts = value == UInt32(instruction.a)
            case .set: accepts = sets[Int(instruction.a)].contains(value)
            case .any: accepts = !ScalarSet.lineTerminators.contains(value)
            default: accepts = false
            }
            if accepts { seeds.append(pc + 1) }
        }
        if searching { seeds.append(0) }
        return seeds
    }

    /// What the instructions `seeds` reach without reading a scalar.
    private func closure(of seeds: [Int32], atStart: Bool) -> (waiting: [Int32], matches: Bool, matchesAtEnd: Bool) {
        var waiting: [Int32] = []
        var matches = false
        var matchesAtEnd = false
        for atEnd in [false, true] {
            var seen = Set<Int32>()
            var pending = seeds
            while let pc = pending.popLast() {
                guard seen.insert(pc).inserted else { continue }
                let instruction = program[Int(pc)]
                switch instruction.op {
                case .match:
                    if atEnd { matchesAtEnd = true } else { matches = true }
                case .split:
                    pending.append(instruction.b)
                    pending.append(instruction.a)
                case .jump:
                    pending.append(instruction.a)
                case .startAnchor:
                    if atStart { pending.append(pc + 1) }
                case .endAnchor:
                    if atEnd { pending.append(pc + 1) }
                case .scalar, .set, .any:
                    if !atEnd { waiting.append(pc) }
                case .wordBoundary, .notWordBoundary, .lookahead, .negativeLookahead:
                    break // never in a program that has an automaton
                }
            }
        }
        return (waiting.sorted(), matches, matchesAtEnd || matches)
    }

    /// The index of the state with these contents, made if new; nil past `stateLimit`.
    private func state(_ contents: (waiting: [Int32], matches: Bool, matchesAtEnd: Bool), in tables: inout Tables) -> Int32? {
        let key = contents.waiting + [contents.matches ? -1 : -2, contents.matchesAtEnd ? -1 : -2]
        if let known = tables.index[key] { return known }
        guard tables.states.count < Self.stateLimit else { return nil }
        let index = Int32(tables.states.count)
        tables.states.append(State(waiting: contents.waiting, matches: contents.matches, matchesAtEnd: contents.matchesAtEnd,
                                   next: Array(repeating: -1, count: 128)))
        tables.index[key] = index
        return index
    }
}
