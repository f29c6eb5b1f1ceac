import YAMLTree
import SourceText
import WhatsNewDiagnostics

/// A compiled JSON Schema (draft 2020-12) that checks YAML trees, reporting each failure as a
/// `schema-<keyword>` diagnostic at the offending node.
///
/// It knows no particular schema: a caller compiles its schema with the documents it may `$ref`
/// (`documents`) and names the `$anchor`s of the subschemas it checks inputs against (`anchors`).
package struct SchemaValidator: Sendable {
    package let nodes: [SchemaNode]
    /// The subschema of each of the requested anchors the schema's resource has.
    let entries: [String: SchemaNode.ID]
    /// The root schema; nil only for a schema that did not compile (`problems` says why).
    let root: SchemaNode.ID?
    private let problems: [Diagnostic]

    init(nodes: [SchemaNode], entries: [String: SchemaNode.ID], root: SchemaNode.ID?, problems: [Diagnostic] = []) {
        self.nodes = nodes
        self.entries = entries
        self.root = root
        self.problems = problems
    }

    /// A validator for a schema that did not compile: every validation reports `internal-error` with
    /// `problems` as its notes, instead of checking nothing in silence.
    package static func broken(_ problems: [Diagnostic]) -> SchemaValidator {
        SchemaValidator(nodes: [], entries: [:], root: nil, problems: problems)
    }

    /// The schema an input is checked against: the subschema of `anchor`, else the root.
    package func entry(anchor: String?) -> SchemaNode.ID? {
        anchor.flatMap { entries[$0] } ?? root
    }

    /// A schema document that others may `$ref` by its retrieval `uri` or its `$id`.
    package struct Document {
        package let file: SourceFile
        package let uri: String

        package init(file: SourceFile, uri: String) {
            self.file = file
            self.uri = uri
        }
    }

    /// Compiles the schema in `file` (JSON, or YAML when the name does not end in `.json`), reporting
    /// every problem with it to `engine`; nil when it has errors. `uri` is where it was read from (its
    /// base URI when it has no `$id`); `documents` are compiled beside it so that it can refer to them
    /// (registered first: a schema that declares a document's `$id` itself replaces it), and `anchors` are
    /// the `$anchor`s of its resource that `validate(…anchor:)` may name.
    package static func load(_ file: SourceFile, uri: String, engine: DiagnosticEngine, documents: [Document],
                             anchors: [String]) -> SchemaValidator? {
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
        let rootID = compiler.add(document: root, file: file, uri: uri)
        compiler.link()
        engine.report(contentsOf: compiler.diagnostics)
        guard compiler.diagnostics.isEmpty else { return nil }
        let base = root["$id"]?.scalar.map { URIReference($0.text).resolved(against: URIReference(uri)).withoutFragment }
            ?? URIReference(uri).withoutFragment
        var entries: [String: SchemaNode.ID] = [:]
        for anchor in anchors {
            if let id = compiler.lookup(base + "#" + anchor) { entries[anchor] = id }
        }
        return SchemaValidator(nodes: compiler.nodes, entries: entries, root: rootID)
    }

    /// Checks `root` (the tree of `file`) against the subschema of `anchor` (nil: the root), reporting every
    /// failure to `engine`; returns whether it is valid.
    @discardableResult
    package func validate(root: YAMLNode, file: SourceFile, engine: DiagnosticEngine, anchor: String?) -> Bool {
        validate(root: root, file: file, engine: engine, anchor: anchor, stepLimit: Self.stepLimit(for: root))
    }

    /// `validate` with a given budget of steps.
    @discardableResult
    package func validate(root: YAMLNode, file: SourceFile, engine: DiagnosticEngine, anchor: String?, stepLimit: Int) -> Bool {
        guard let entry = entry(anchor: anchor) else {
            engine.report(Diagnostic(.error, code: .internalError,
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
            evaluator.sink = SchemaFailureSink(engine: engine, file: file)
            valid = evaluator.evaluate(root, entry, collect: true)
        }
        if let pattern = evaluator.exceededPattern {
            engine.report(Self.patternBudgetDiagnostic(pattern, document: file))
            return false
        }
        if evaluator.isExhausted {
            engine.report(Diagnostic(.error, code: .schemaBudgetExceeded,
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
        Diagnostic(.error, code: .schemaPatternBudgetExceeded,
                   message: "matching the pattern '\(SchemaMessages.shorten(pattern.source))' against a string of \(pattern.textLength) bytes took more than \(ECMARegex.defaultStepLimit) steps; expected a pattern that does not try the same text in many ways at once",
                   file: pattern.file, range: pattern.range,
                   notes: [Diagnostic.Note("the string the pattern was matched against", file: document, range: pattern.textRange)],
                   fix: "avoid long counted repetitions inside a repetition (such as '([ab]{1000}){10}') after a loose prefix like '[ab]*', or bound the string with 'maxLength'")
    }

    /// How many checks a document may cost: far more than a sensible schema needs (the built-in one
    /// makes about ten per node), far fewer than a runaway one would.
    package static func stepLimit(for root: YAMLNode) -> Int {
        stepLimit(forNodes: root.expandedCount)
    }

    /// The steps a document of `count` nodes (aliases expanded) may take: `stepsPerNode` each, and a million.
    package static func stepLimit(forNodes count: Int) -> Int {
        let (scaled, overflow) = count.multipliedReportingOverflow(by: stepsPerNode)
        return overflow ? Int.max : 1_000_000 + scaled
    }

    static let stepsPerNode = 200

    /// Whether `root` is valid against the subschema of `anchor` (nil: the root), without building any message.
    package func isValid(_ root: YAMLNode, anchor: String?) -> Bool {
        guard let entry = entry(anchor: anchor) else { return false }
        var evaluator = SchemaEvaluator(nodes: nodes, stepLimit: Self.stepLimit(for: root))
        return evaluator.evaluate(root, entry, collect: false)
    }
}
