public import YAMLTree

/// A compiled JSON Schema (draft 2020-12) that checks YAML trees, reporting each failure as a
/// `schema-<keyword>` diagnostic at the offending node.
///
/// The built-in schema is compiled once per process. A custom schema is compiled together with the
/// built-in one, so it can `$ref` it by its `$id` (`BuiltinSchema.id`); if it declares that `$id`
/// itself, it replaces the built-in schema.
public struct SchemaValidator: Sendable {
    let nodes: [SchemaNode]
    /// The root schema and the subschema of each role its resource has an anchor for.
    private let entries: [SchemaRole: SchemaNode.ID]
    /// The root schema; nil only when the built-in schema did not compile (`problems` says why).
    private let root: SchemaNode.ID?
    private let problems: [Diagnostic]

    private init(nodes: [SchemaNode], entries: [SchemaRole: SchemaNode.ID], root: SchemaNode.ID?, problems: [Diagnostic] = []) {
        self.nodes = nodes
        self.entries = entries
        self.root = root
        self.problems = problems
    }

    /// The schema of `Schemas/whatsnew.schema.json`. It is compiled into the binary and a test proves it
    /// compiles; were it ever broken, every validation would report that (`internal-error`) instead of crashing.
    public static let builtin = compileBuiltin()

    private static func compileBuiltin() -> SchemaValidator {
        let file = SourceFile(name: "<built-in schema>", text: BuiltinSchema.text)
        let engine = DiagnosticEngine()
        guard let validator = load(file, uri: BuiltinSchema.id, includingBuiltin: false, engine: engine) else {
            return SchemaValidator(nodes: [], entries: [:], root: nil, problems: engine.diagnostics)
        }
        return validator
    }

    /// The schema a `role` is checked against: the role's anchor, else the root.
    func entry(for role: SchemaRole) -> SchemaNode.ID? {
        entries[role] ?? root
    }

    /// Compiles the schema in `file` (JSON, or YAML when the name does not end in `.json`), reporting
    /// every problem with it to `engine`; nil when it has errors. `uri` is where it was read from (its
    /// base URI when it has no `$id`).
    public static func load(_ file: SourceFile, uri: String, engine: DiagnosticEngine) -> SchemaValidator? {
        load(file, uri: uri, includingBuiltin: true, engine: engine)
    }

    /// A schema document that others may `$ref` by its retrieval `uri` or its `$id`.
    struct Document {
        let file: SourceFile
        let uri: String
    }

    /// `load`, with `documents` compiled beside the schema so that it can refer to them (the tests
    /// serve the JSON Schema Test Suite's remote schemas this way; whatsnew itself fetches nothing).
    static func load(_ file: SourceFile, uri: String, engine: DiagnosticEngine, documents: [Document]) -> SchemaValidator? {
        load(file, uri: uri, includingBuiltin: true, engine: engine, documents: documents)
    }

    private static func load(_ file: SourceFile, uri: String, includingBuiltin: Bool, engine: DiagnosticEngine,
                             documents: [Document] = []) -> SchemaValidator? {
        let document = YAMLParser.parse(file, format: YAMLInputFormat(fileName: file.name))
        for error in document.errors { engine.report(Diagnostic(error, in: file)) }
        guard document.errors.isEmpty, let root = document.root else { return nil }
        var compiler = SchemaCompiler()
        for other in documents {
            let parsed = YAMLParser.parse(other.file, format: YAMLInputFormat(fileName: other.file.name))
            for error in parsed.errors { engine.report(Diagnostic(error, in: other.file)) }
            guard parsed.errors.isEmpty, let otherRoot = parsed.root else { return nil }
            compiler.register(document: otherRoot, file: other.file, uri: other.uri)
        }
        if includingBuiltin {
            let builtinFile = SourceFile(name: "<built-in schema>", text: BuiltinSchema.text)
            if let builtinRoot = YAMLParser.parse(builtinFile, format: .json).root {
                compiler.register(document: builtinRoot, file: builtinFile, uri: BuiltinSchema.id)
            }
        }
        let rootID = compiler.add(document: root, file: file, uri: uri)
        compiler.link()
        engine.report(contentsOf: compiler.diagnostics)
        guard compiler.diagnostics.isEmpty else { return nil }
        let base = root["$id"]?.scalar.map { URIReference($0.text).resolved(against: URIReference(uri)).withoutFragment }
            ?? URIReference(uri).withoutFragment
        var entries: [SchemaRole: SchemaNode.ID] = [.manifest: rootID]
        for role in SchemaRole.allCases {
            if let anchor = role.anchor, let id = compiler.lookup(base + "#" + anchor) { entries[role] = id }
        }
        return SchemaValidator(nodes: compiler.nodes, entries: entries, root: rootID)
    }

    /// Checks `root` (the tree of `file`) as a `role`, reporting every failure to `engine`; returns
    /// whether it is valid.
    @discardableResult
    public func validate(root: YAMLNode, file: SourceFile, engine: DiagnosticEngine, role: SchemaRole = .manifest) -> Bool {
        validate(root: root, file: file, engine: engine, role: role, stepLimit: Self.stepLimit(for: root))
    }

    /// `validate` with a given budget of steps.
    @discardableResult
    func validate(root: YAMLNode, file: SourceFile, engine: DiagnosticEngine, role: SchemaRole, stepLimit: Int) -> Bool {
        guard let entry = entry(for: role) else {
            engine.report(Diagnostic(.error, code: "internal-error",
                                     message: "the built-in schema does not compile, so nothing was checked against it; expected a working whatsnew build",
                                     file: file, range: root.range,
                                     notes: problems.map { Diagnostic.Note($0.message, file: $0.file, range: $0.range) },
                                     fix: "report this, with the notes, to the whatsnew developers"))
            return false
        }
        // Most documents are valid: a first walk records nothing, and only a failing one is walked again
        // to collect its messages.
        var evaluator = SchemaEvaluator(nodes: nodes, stepLimit: stepLimit)
        var valid = evaluator.evaluate(root, entry, collect: false)
        if !valid, !evaluator.isExhausted {
            evaluator = SchemaEvaluator(nodes: nodes, stepLimit: stepLimit)
            evaluator.sink = { engine.report($0.diagnostic(in: file)) }
            valid = evaluator.evaluate(root, entry, collect: true)
        }
        if let pattern = evaluator.exceededPattern {
            engine.report(Self.patternBudgetDiagnostic(pattern, document: file))
            return false
        }
        if evaluator.isExhausted {
            engine.report(Diagnostic(.error, code: "schema-budget-exceeded",
                                     message: "checking the document against the schema took more than \(stepLimit) steps; expected a schema whose alternatives do not check the same values over and over",
                                     file: file, range: root.range, path: ""))
            return false
        }
        // (The failures went to the engine as they were found: see `SchemaEvaluator.sink`.)
        for failure in evaluator.failures { engine.report(failure.diagnostic(in: file)) }
        return valid
    }

    /// `schema-pattern-budget-exceeded`, at the pattern in the schema, with a note at the string.
    static func patternBudgetDiagnostic(_ pattern: SchemaEvaluator.ExceededPattern, document: SourceFile) -> Diagnostic {
        Diagnostic(.error, code: "schema-pattern-budget-exceeded",
                   message: "matching the pattern '\(SchemaMessages.shorten(pattern.source))' against a string of \(pattern.textLength) bytes took more than \(ECMARegex.defaultStepLimit) steps; expected a pattern that does not try the same text in many ways at once",
                   file: pattern.file, range: pattern.range,
                   notes: [Diagnostic.Note("the string the pattern was matched against", file: document, range: pattern.textRange)],
                   fix: "avoid long counted repetitions inside a repetition (such as '([ab]{1000}){10}') after a loose prefix like '[ab]*', or bound the string with 'maxLength'")
    }

    /// How many checks a document may cost: far more than a sensible schema needs (the built-in one
    /// makes about ten per node), far fewer than a runaway one would.
    static func stepLimit(for root: YAMLNode) -> Int {
        stepLimit(forNodes: root.expandedCount)
    }

    /// The steps a document of `count` nodes (aliases expanded) may take: `stepsPerNode` each, and a million.
    static func stepLimit(forNodes count: Int) -> Int {
        let (scaled, overflow) = count.multipliedReportingOverflow(by: stepsPerNode)
        return overflow ? Int.max : 1_000_000 + scaled
    }

    static let stepsPerNode = 200

    /// Whether `root` is valid as a `role`, without building any message.
    public func isValid(_ root: YAMLNode, role: SchemaRole = .manifest) -> Bool {
        guard let entry = entry(for: role) else { return false }
        var evaluator = SchemaEvaluator(nodes: nodes, stepLimit: Self.stepLimit(for: root))
        return evaluator.evaluate(root, entry, collect: false)
    }
}
