/// One instruction of a compiled pattern.
struct RegexInstruction: Sendable {
    enum Op: UInt8, Sendable {
        /// Consume the scalar `a`.
        case scalar
        /// Consume a scalar of `sets[a]`.
        case set
        /// Consume any scalar but a line terminator.
        case any
        /// Continue at `a`; try `b` if that fails.
        case split
        case jump
        case startAnchor
        case endAnchor
        case wordBoundary
        case notWordBoundary
        /// The body follows and ends with `match`; continue at `a` if it matches (or, negated, if not).
        case lookahead
        case negativeLookahead
        case match
    }

    var op: Op
    var a: Int32
    var b: Int32

    init(_ op: Op, _ a: Int32 = 0, _ b: Int32 = 0) {
        self.op = op
        self.a = a
        self.b = b
    }
}

/// Turns a tree into instructions; repetitions are expanded, so `x{2,4}` is `x x x? x?`.
struct RegexCompiler {
    var program: [RegexInstruction] = []
    var sets: [ScalarSet] = []
    /// Each set's index in `sets`: a pattern may have hundreds of large ones (`[\p{L}a]`), too many to search.
    private var setIndexes: [ScalarSet: Int] = [:]

    mutating func append(_ instruction: RegexInstruction) {
        program.append(instruction)
    }

    private var next: Int32 { Int32(program.count) }

    mutating func emit(_ tree: RegexTree) {
        // Stop expanding once the program is too large; the caller reports it.
        guard program.count <= ECMARegex.maxProgramSize else { return }
        switch tree {
        case .empty:
            break
        case .scalar(let value):
            append(RegexInstruction(.scalar, Int32(value)))
        case .set(let set):
            let index = setIndexes[set] ?? sets.count
            if index == sets.count {
                sets.append(set)
                setIndexes[set] = index
            }
            append(RegexInstruction(.set, Int32(index)))
        case .any:
            append(RegexInstruction(.any))
        case .startAnchor:
            append(RegexInstruction(.startAnchor))
        case .endAnchor:
            append(RegexInstruction(.endAnchor))
        case .wordBoundary(let negated):
            append(RegexInstruction(negated ? .notWordBoundary : .wordBoundary))
        case .lookahead(let body, let negated):
            let start = program.count
            append(RegexInstruction(negated ? .negativeLookahead : .lookahead))
            emit(body)
            append(RegexInstruction(.match))
            program[start].a = next
        case .sequence(let items):
            for item in items { emit(item) }
        case .alternation(let items):
            var exits: [Int] = []
            for (offset, item) in items.enumerated() {
                if offset < items.count - 1 {
                    let split = program.count
                    append(RegexInstruction(.split, next + 1))
                    emit(item)
                    exits.append(program.count)
                    append(RegexInstruction(.jump))
                    program[split].b = next
                } else {
                    emit(item)
                }
            }
            for exit in exits { program[exit].a = next }
        case .repetition(let body, let min, let max):
            for _ in 0..<min { emit(body) }
            if let max {
                var exits: [Int] = []
                for _ in min..<max {
                    exits.append(program.count)
                    append(RegexInstruction(.split, next + 1))
                    emit(body)
                }
                for exit in exits { program[exit].b = next }
            } else {
                let loop = program.count
                append(RegexInstruction(.split, next + 1))
                emit(body)
                append(RegexInstruction(.jump, Int32(loop)))
                program[loop].b = next
            }
        }
    }
}
