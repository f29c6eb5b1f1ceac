/// A compiled ECMA-262 regular expression, the dialect of JSON Schema's `pattern`, with ECMA-262's
/// meaning: `\d`, `\w` and `\b` are ASCII, `.` stops at line terminators, `$` only matches at the end,
/// and matching is by Unicode scalar (the `u` flag).
///
/// Matching is a bounded backtracker over the UTF-8 bytes: every (instruction, position) state is tried
/// at most once, so time is O(pattern × text) whatever the pattern, and a short string needs no heap
/// allocation. For long texts, whose table of tried states would be large, a Pike VM (a breadth-first
/// simulation of every thread at once) gives the same answer in O(pattern) memory.
///
/// Whatever the engine, matching is bounded by a step budget (`stepLimit`): a pattern such as
/// `[ab]*a([ab]{1000}){10}$` keeps ten thousand threads alive on every scalar of a long text, and
/// answers `budgetExceeded` instead of taking minutes.
///
/// A class, though immutable: a schema's pattern is read for every string it checks, and a copy of a
/// struct of four references retains and releases each.
final class ECMARegex: Sendable {
    let source: String
    let program: [RegexInstruction]
    let sets: [ScalarSet]
    /// Whether every match must start at the beginning (the pattern starts with `^`).
    let anchoredAtStart: Bool
    /// Above this many (instruction, position) states, the table of tried states (one bit each) gives
    /// way to the Pike VM.
    private let backtrackingLimit: Int
    /// The deterministic automaton most patterns get (see `RegexAutomaton`); nil for a pattern with word
    /// boundaries or lookaheads, which the backtracker and the Pike VM run.
    private let automaton: RegexAutomaton?

    static let defaultBacktrackingLimit = 1 << 22

    static let maxProgramSize = 20_000

    /// The steps (instructions followed) one match may take by default: about a fifth of a second, far
    /// more than a pattern a schema needs takes on any string a manifest has.
    static let defaultStepLimit = 20_000_000

    /// What a match found.
    enum Outcome: Sendable, Equatable {
        case match, noMatch
        /// The step budget ran out before the answer was known.
        case budgetExceeded
    }

    /// The steps a match may still take.
    private struct Budget {
        var remaining: Int
        var isExceeded: Bool { remaining < 0 }

        /// Takes `count` steps; false once the budget is spent.
        @inline(__always)
        mutating func spend(_ count: Int = 1) -> Bool {
            remaining -= count
            return remaining >= 0
        }
    }

    /// Compiles `pattern`. Tests lower `backtrackingLimit` to run the Pike VM on short texts, and turn off
    /// `usesAutomaton` to run the backtracker, so that every engine meets the same cases.
    init(_ pattern: String, backtrackingLimit: Int = defaultBacktrackingLimit, usesAutomaton: Bool = true) throws(ECMARegexError) {
        var parser = ECMARegexParser(pattern)
        let tree = try parser.parse()
        var compiler = RegexCompiler()
        compiler.emit(tree)
        compiler.append(RegexInstruction(.match))
        guard compiler.program.count <= Self.maxProgramSize else {
            throw ECMARegexError(message: "the pattern is too large once its repetitions are expanded", offset: 0)
        }
        source = pattern
        program = compiler.program
        sets = compiler.sets
        anchoredAtStart = Self.startsWithAnchor(tree)
        self.backtrackingLimit = backtrackingLimit
        automaton = usesAutomaton ? RegexAutomaton(program: program, sets: sets, searching: !anchoredAtStart) : nil
    }

    /// The regex of `pattern` compiled before, to `program` and `sets` (see `SchemaValidator.swiftSource`).
    init(compiled pattern: String, program: [RegexInstruction], sets: [ScalarSet], anchoredAtStart: Bool) {
        source = pattern
        self.program = program
        self.sets = sets
        self.anchoredAtStart = anchoredAtStart
        backtrackingLimit = Self.defaultBacktrackingLimit
        automaton = RegexAutomaton(program: program, sets: sets, searching: !anchoredAtStart)
    }

    private static func startsWithAnchor(_ tree: RegexTree) -> Bool {
        switch tree {
        case .startAnchor: return true
        case .sequence(let items): return items.first.map(startsWithAnchor) ?? false
        case .alternation(let items): return items.allSatisfy(startsWithAnchor)
        default: return false
        }
    }

    /// Whether the pattern matches anywhere in `text` (JSON Schema patterns are not implicitly anchored),
    /// within the default step budget.
    func matches(_ text: String) -> Bool {
        match(text) == .match
    }

    /// Whether the pattern matches anywhere in `text`, or that `stepLimit` steps did not settle it.
    func match(_ text: String, stepLimit: Int = defaultStepLimit) -> Outcome {
        if let result = text.utf8.withContiguousStorageIfAvailable({ match(utf8: $0, stepLimit: stepLimit) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { match(utf8: $0, stepLimit: stepLimit) }
    }

    /// Whether the pattern matches anywhere in `text`, given as valid UTF-8, within the default budget.
    func matches(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        match(utf8: text) == .match
    }

    /// Whether the pattern matches anywhere in `text`, given as valid UTF-8, or that `stepLimit` steps
    /// did not settle it.
    func match(utf8 text: UnsafeBufferPointer<UInt8>, stepLimit: Int = defaultStepLimit) -> Outcome {
        if let automaton, let result = automaton.matches(text) { return result ? .match : .noMatch }
        var budget = Budget(remaining: stepLimit)
        let found = run(text, entry: 0, from: 0, searching: !anchoredAtStart, &budget)
        if budget.isExceeded { return .budgetExceeded }
        return found ? .match : .noMatch
    }

    /// Runs the program from `entry` at byte `start` (and, when searching, from every later scalar
    /// boundary) until a `match` instruction is reached or the budget is spent.
    private func run(_ text: UnsafeBufferPointer<UInt8>, entry: Int, from start: Int, searching: Bool, _ budget: inout Budget) -> Bool {
        let width = text.count + 1
        let (stateCount, overflow) = program.count.multipliedReportingOverflow(by: width)
        if overflow || stateCount > backtrackingLimit {
            return simulate(text, entry: entry, from: start, searching: searching, &budget)
        }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (stateCount + 63) / 64) { visited in
            visited.initialize(repeating: 0)
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: min(stateCount + width, 256)) { buffer in
                var stack = BacktrackStack(buffer: buffer)
                var origin = start
                while true {
                    stack.push(pc: entry, position: origin)
                    while let (pc, position) = stack.pop() {
                        if step(pc, position, text, width, visited, &stack, &budget) { return true }
                        if budget.isExceeded { return false }
                    }
                    guard searching, origin < text.count else { return false }
                    origin += Self.scalarLength(text, at: origin)
                }
            }
        }
    }

    /// Follows one thread until it fails (false) or matches (true), pushing the other arm of each split.
    @inline(__always)
    private func step(_ startPC: Int, _ startPosition: Int, _ text: UnsafeBufferPointer<UInt8>, _ width: Int,
                      _ visited: UnsafeMutableBufferPointer<UInt64>, _ stack: inout BacktrackStack, _ budget: inout Budget) -> Bool {
        var pc = startPC
        var position = startPosition
        while true {
            guard budget.spend() else { return false }
            let state = pc * width + position
            let mask: UInt64 = 1 << UInt64(state & 63)
            if visited[state >> 6] & mask != 0 { return false }
            visited[state >> 6] |= mask
            let instruction = program[pc]
            switch instruction.op {
            case .scalar:
                guard position < text.count else { return false }
                let (value, length) = Self.decode(text, at: position)
                guard value == instruction.a else { return false }
                pc += 1
                position += length
            case .set:
                guard position < text.count else { return false }
                let (value, length) = Self.decode(text, at: position)
                guard sets[Int(instruction.a)].contains(value) else { return false }
                pc += 1
                position += length
            case .any:
                guard position < text.count else { return false }
                let (value, length) = Self.decode(text, at: position)
                guard !ScalarSet.lineTerminators.contains(value) else { return false }
                pc += 1
                position += length
            case .split:
                stack.push(pc: Int(instruction.b), position: position)
                pc = Int(instruction.a)
            case .jump:
                pc = Int(instruction.a)
            case .startAnchor:
                guard position == 0 else { return false }
                pc += 1
            case .endAnchor:
                guard position == text.count else { return false }
                pc += 1
            case .wordBoundary, .notWordBoundary:
                let before = position > 0 && Self.isWordByte(text[position - 1])
                let after = position < text.count && Self.isWordByte(text[position])
                guard (before != after) == (instruction.op == .wordBoundary) else { return false }
                pc += 1
            case .lookahead, .negativeLookahead:
                let found = run(text, entry: pc + 1, from: position, searching: false, &budget)
                guard !budget.isExceeded, found == (instruction.op == .lookahead) else { return false }
                pc = Int(instruction.a)
            case .match:
                return true
            }
        }
    }

    /// The Pike VM: advances every live thread one scalar at a time; a thread is an instruction, kept at
    /// most once per position.
    private func simulate(_ text: UnsafeBufferPointer<UInt8>, entry: Int, from start: Int, searching: Bool,
                          _ budget: inout Budget) -> Bool {
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var position = start
        if addThread(entry, at: position, to: &current, text, &budget) { return true }
        while position < text.count {
            guard budget.spend(current.threads.count + 1) else { return false }
            let (value, length) = Self.decode(text, at: position)
            let following = position + length
            next.removeAll()
            for pc in current.threads {
                let instruction = program[pc]
                let advances: Bool
                switch instruction.op {
                case .scalar: advances = value == instruction.a
                case .set: advances = sets[Int(instruction.a)].contains(value)
                case .any: advances = !ScalarSet.lineTerminators.contains(value)
                default: advances = false
                }
                if advances, addThread(pc + 1, at: following, to: &next, text, &budget) { return true }
            }
            if searching, addThread(entry, at: following, to: &next, text, &budget) { return true }
            if budget.isExceeded { return false }
            swap(&current, &next)
            position = following
            if current.threads.isEmpty, !searching { return false }
        }
        return false
    }

    /// Adds the thread at `pc` and every instruction it reaches without consuming text (splits, jumps,
    /// assertions that hold at `position`); returns true when one of them is `match`.
    private func addThread(_ pc: Int, at position: Int, to list: inout ThreadList, _ text: UnsafeBufferPointer<UInt8>,
                           _ budget: inout Budget) -> Bool {
        var pending = [pc]
        while let pc = pending.popLast() {
            guard budget.spend() else { return false }
            guard list.insert(pc) else { continue }
            let instruction = program[pc]
            switch instruction.op {
            case .match:
                return true
            case .split:
                pending.append(Int(instruction.b))
                pending.append(Int(instruction.a))
            case .jump:
                pending.append(Int(instruction.a))
            case .startAnchor:
                if position == 0 { pending.append(pc + 1) }
            case .endAnchor:
                if position == text.count { pending.append(pc + 1) }
            case .wordBoundary, .notWordBoundary:
                let before = position > 0 && Self.isWordByte(text[position - 1])
                let after = position < text.count && Self.isWordByte(text[position])
                if (before != after) == (instruction.op == .wordBoundary) { pending.append(pc + 1) }
            case .lookahead, .negativeLookahead:
                let found = run(text, entry: pc + 1, from: position, searching: false, &budget)
                if !budget.isExceeded, found == (instruction.op == .lookahead) { pending.append(Int(instruction.a)) }
            case .scalar, .set, .any:
                break // waits for the next scalar
            }
        }
        return false
    }

    /// `\w` is ASCII, so a word scalar is a single byte.
    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        ScalarSet.wordCharacters.contains(UInt32(byte))
    }

    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = text[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = scalarLength(text, at: index)
        var value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
        for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
        return (value, length)
    }

    @inline(__always)
    private static func scalarLength(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = text[index]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return min(length, text.count - index)
    }
}

/// The threads of one Pike VM step: a sparse set of instruction indexes, in insertion order.
private struct ThreadList {
    private(set) var threads: [Int] = []
    private var slot: [Int]

    init(capacity: Int) {
        slot = [Int](repeating: -1, count: capacity)
        threads.reserveCapacity(capacity)
    }

    /// Adds `pc`; false when it is already there.
    mutating func insert(_ pc: Int) -> Bool {
        let index = slot[pc]
        if index >= 0, index < threads.count, threads[index] == pc { return false }
        slot[pc] = threads.count
        threads.append(pc)
        return true
    }

    mutating func removeAll() {
        threads.removeAll(keepingCapacity: true)
    }
}

/// The pending states of a backtracking run: a fixed buffer (on the stack for short texts) that spills
/// into an array only when a long text needs more.
private struct BacktrackStack {
    let buffer: UnsafeMutableBufferPointer<UInt64>
    private var depth = 0
    private var spill: [UInt64] = []

    init(buffer: UnsafeMutableBufferPointer<UInt64>) {
        self.buffer = buffer
    }

    @inline(__always)
    mutating func push(pc: Int, position: Int) {
        let state = UInt64(pc) << 32 | UInt64(position)
        if depth < buffer.count { buffer[depth] = state } else { spill.append(state) }
        depth += 1
    }

    @inline(__always)
    mutating func pop() -> (pc: Int, position: Int)? {
        guard depth > 0 else { return nil }
        depth -= 1
        let state = depth < buffer.count ? buffer[depth] : spill.removeLast()
        return (Int(state >> 32), Int(state & 0xFFFF_FFFF))
    }
}
