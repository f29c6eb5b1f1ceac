import Threads
import YAMLTree
import JSONSchema
import WhatsNewDiagnostics
import WhatsNewModel

/// The reading stage: every command that reads a manifest reads it here, and the data flows one way:
///
///     SourceFile ─▶ YAMLParser ─▶ tree ─┬─▶ schema ─────────────────────────────┐
///                                       └─▶ ManifestDecoder ─▶ Manifest ─▶ rules ─┴─▶ LayerAgreement ─▶ engine
///
/// 1. `InputLoader` reads each input into a tree whose nodes keep their ranges (`YAMLParser`).
/// 2. The schema (the built-in one, or `--schema`) checks every tree that could be read, whatever its root.
/// 3. `ManifestDecoder` decodes the trees into one `Manifest`, keeping every item, also those with errors
///    (see `ManifestDecoder`), so that
/// 4. the rules check every reference, URL, color, text and version of the manifest.
/// 5. `LayerAgreement` reports each schema failure unless the decoder or a rule reported the same problem
///    at the same node; then JSON Pointers are added to the diagnostics, when an output prints them.
///
/// Speed: libyaml reads long texts on a thread of its own inside `YAMLParser`, and meanwhile the items of
/// `versions` are decoded as each is read (`VersionsReadAhead`, the one piece that exists for speed alone;
/// nothing is dropped, and every stage sees the whole tree); the schema check runs on a thread of its own
/// while this one decodes the rest (`BackgroundWork`); the rules share two threads (`RuleRunner`).
package struct ManifestReader {
    /// The schema every input is checked against; nil is the built-in one.
    package var schema: SchemaValidator?
    /// The semantic rules, in the order their diagnostics are reported.
    package var rules: [any ManifestRule]
    /// Whether diagnostics get the JSON Pointer of their value (`--diagnostics json|sarif` print them).
    package var addsPointers: Bool
    /// The directory of the first input, for an image file whose declaring file is not known (image files
    /// are relative to the file that declares them).
    package var baseDirectory: String

    /// Checks and decodes read inputs (merged into one manifest) and `--refs` files (`references`),
    /// reporting every problem to `engine`. Returns the manifest, which may have errors (see
    /// `engine.hasErrors`), or nil when an input could not be read (then it is not decoded).
    ///
    /// It takes the inputs (`consuming`): their trees are freed once decoded and checked against the schema,
    /// before the rules run.
    package func read(_ inputs: consuming [LoadedInput], references: consuming [LoadedInput], engine: DiagnosticEngine) -> Manifest? {
        // (Owned here, and emptied once done with: see the rules below.)
        var (inputs, references) = (inputs, references)
        // 2. The schema, on a thread of its own, reporting to findings of its own.
        let limit = engine.limit
        let schemaCheck = checkingSchema(inputs, references: references, limit: limit)
        guard !inputs.isEmpty, (inputs + references).allSatisfy({ !$0.hasReadingErrors && $0.root != nil }) else {
            engine.report(contentsOf: schemaCheck.result)
            return nil
        }
        // 3. Decoding.
        let modelFindings = DiagnosticEngine(limit: limit)
        var decoder = ManifestDecoder(engine: modelFindings)
        for input in inputs {
            if let root = input.root { decoder.addInput(root, file: input.file, versionsReadAhead: input.versionsReadAhead) }
        }
        for input in references {
            if let root = input.root { decoder.addReferences(root, file: input.file) }
        }
        var manifest = decoder.finish(firstFile: inputs.first?.file)
        manifest.baseDirectory = baseDirectory
        manifest.inputByteCount = (inputs + references).reduce(0) { $0 + $1.file.bytes.count }
        // Memory: the trees are done with once decoded and checked (the rules read the manifest), and a long
        // manifest's tree is larger than its text (14 MB of a 10 MB manifest): the schema check is waited for
        // and the trees let go of here, so that the rules' memory, then the notes', is taken in theirs.
        // (On two processors the rules ran beside the end of the schema check; they now follow it, on two
        // threads of their own.) The trees are kept only when JSON Pointers are to be found in them.
        let schemaFindings = schemaCheck.result
        let documents = addsPointers ? inputs + references : []
        inputs = []
        references = []
        // 4. The rules.
        RuleRunner.run(rules, on: manifest, reportingTo: modelFindings)
        // 5. Both layers' findings, each problem once.
        let model = modelFindings.findings
        let firstNew = engine.checkpoint
        engine.report(model, except: { _, _ in false }, rememberingPlaces: false)
        engine.report(schemaFindings, except: LayerAgreement.reported(by: model), rememberingPlaces: false)
        if addsPointers { addPointers(to: engine, since: firstNew, from: documents) }
        return manifest
    }

    /// Starts the schema check of the inputs (see `SchemaValidator.check`): on a thread of its own on two
    /// processors, else here and now. It reports to findings of its own, and holds the trees only while it runs.
    private func checkingSchema(_ inputs: [LoadedInput], references: [LoadedInput], limit: Int?) -> BackgroundWork<DiagnosticEngine.Findings> {
        // Both threads walk the same trees: nodes are records in the tree's arrays, and locations are plain
        // values, so nothing is copied for the schema's thread.
        let schemaInputs = (inputs, references)
        return BackgroundWork(splitting: Parallelism.current.hasSecondProcessor) { [schema] in
            let findings = DiagnosticEngine(limit: limit)
            let schema = schema ?? .builtin
            for input in schemaInputs.0 { schema.check(input, role: input.isFragment ? .fragment : .manifest, engine: findings) }
            for input in schemaInputs.1 { schema.check(input, role: .refs, engine: findings) }
            return findings.findings
        }
    }

    /// Gives each diagnostic reported since `start` that has no JSON Pointer the pointer of its position in
    /// its file's tree.
    private func addPointers(to engine: DiagnosticEngine, since start: DiagnosticEngine.Checkpoint, from documents: [LoadedInput]) {
        var roots: [ObjectIdentifier: YAMLNode] = [:]
        for document in documents { roots[ObjectIdentifier(document.file)] = document.root }
        engine.fillPaths(since: start) { diagnostic in
            guard let file = diagnostic.file, let range = diagnostic.range else { return nil }
            return roots[ObjectIdentifier(file)]?.pointer(toOffset: range.start.offset)
        }
    }

    package init(schema: SchemaValidator?, rules: [any ManifestRule], addsPointers: Bool, baseDirectory: String) {
        self.schema = schema
        self.rules = rules
        self.addsPointers = addsPointers
        self.baseDirectory = baseDirectory
    }
}

extension SchemaValidator {
    /// The schema layer for one read input (skipped for a file that could not be read).
    package func check(_ loaded: LoadedInput, role: SchemaRole, engine: DiagnosticEngine) {
        guard !loaded.hasReadingErrors, let root = loaded.root else { return }
        validate(root: root, file: loaded.file, engine: engine, role: role, stepLimit: Self.stepLimit(for: root))
    }
}
