import Threads

/// A deterministic automaton for a program without word boundaries or lookaheads, built lazily: a state is
/// the set of instructions waiting for the next scalar, made the first time a text leads to it, and its
/// transitions on ASCII scalars are remembered. Once built, matching costs one table lookup per scalar
/// (the backtracker tries a few instructions per scalar and remembers nothing between texts), which
/// counts when one pattern checks every feature id of a manifest.
///
/// Shared by every thread that uses the regex, behind a lock. A pattern whose automaton would grow past
/// `stateLimit` states answers nil, and the caller falls back to the backtracker.
final class RegexAutomaton: Sendable {
    /// The states, in flat arrays: matching reads one transition and one byte of flags per scalar.
    private struct Tables {
        /// Each state's consuming instructions (`scalar`, `set`, `any`) waiting for the next scalar, ascending.
        var waiting: [[Int32]] = []
        /// Each state's flags (see `matchesNow`, `matchesAtEnd`, `waitsForNothing`).
        var flags: [UInt8] = []
        /// The next state for state `s` and ASCII scalar `c` at `s * 128 + c`; -1 until a text needs it.
        var next: [Int32] = []
        var index: [[Int32]: Int32] = [:]
        var start: Int32 = -1
    }

    /// `match` is reached before the next scalar.
    private static let matchesNow: UInt8 = 1
    /// `match` is reached if the text ends here (through `$`).
    private static let matchesAtEnd: UInt8 = 2
    /// No instruction waits for a scalar.
    private static let waitsForNothing: UInt8 = 4

    private let program: [RegexInstruction]
    private let sets: [ScalarSet]
    /// Whether a match may start anywhere (the pattern does not start with `^`).
    private let searching: Bool
    private let tables = Locked(Tables())

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
                let flags = tables.flags[current]
                if flags & Self.matchesNow != 0 { return true }
                guard position < text.count else { return flags & Self.matchesAtEnd != 0 }
                if flags & Self.waitsForNothing != 0, !searching { return false }
                // An ASCII byte is a scalar: its transition, when known, is all there is to do.
                let byte = text[position]
                if byte < 0x80 {
                    let known = tables.next[current &* 128 &+ Int(byte)]
                    if known >= 0 {
                        current = Int(known)
                        position += 1
                        continue
                    }
                }
                let (value, length) = ECMARegex.decode(text, at: position)
                position += length
                guard let next = state(closure(of: advanced(tables.waiting[current], over: value), atStart: false),
                                       in: &tables) else { return nil }
                if value < 128 { tables.next[current * 128 + Int(value)] = next }
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
        // The instructions reached, as one flag each: a `Set` here, grown and hashed for every state made, cost a
        // third of building the automata (1.2 of 3.4 M instructions in `validate` of Fixtures/notes.yaml).
        var seen = [Bool](repeating: false, count: program.count)
        for atEnd in [false, true] {
            if atEnd { seen.withUnsafeMutableBufferPointer { $0.update(repeating: false) } }
            var pending = seeds
            while let pc = pending.popLast() {
                guard !seen[Int(pc)] else { continue }
                seen[Int(pc)] = true
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
        guard tables.waiting.count < Self.stateLimit else { return nil }
        let index = Int32(tables.waiting.count)
        tables.waiting.append(contents.waiting)
        tables.flags.append((contents.matches ? Self.matchesNow : 0) | (contents.matchesAtEnd ? Self.matchesAtEnd : 0)
                            | (contents.waiting.isEmpty ? Self.waitsForNothing : 0))
        tables.next.append(contentsOf: repeatElement(-1, count: 128))
        tables.index[key] = index
        return index
    }
}
