import YAMLTree
import JSONSchema
import SourceText
import WhatsNewDiagnostics

/// whatsnew's own schema on the generic validator: the built-in schema, custom schemas that may `$ref` it,
/// and checking an input in its role (a manifest, a fragment, a registries file).
extension SchemaValidator {
    /// The schema of `Schemas/whatsnew.schema.json`. It is compiled into the binary and a test proves it
    /// compiles; were it ever broken, every validation would report that (`internal-error`) instead of crashing.
    package static let builtin = compileBuiltin()

    private static func compileBuiltin() -> SchemaValidator {
        let file = SourceFile(name: "<built-in schema>", text: BuiltinSchema.text)
        let engine = DiagnosticEngine()
        return load(file, uri: BuiltinSchema.id, engine: engine, documents: [], anchors: SchemaRole.anchors)
            ?? broken(engine.diagnostics)
    }

    /// Compiles the schema in `file` (`--schema`), reporting every problem with it to `engine`; nil when it
    /// has errors. It is compiled together with the built-in schema, so it can `$ref` it by its `$id`
    /// (`BuiltinSchema.id`); if it declares that `$id` itself, it replaces the built-in schema. `uri` is where
    /// it was read from (its base URI when it has no `$id`).
    package static func load(_ file: SourceFile, uri: String, engine: DiagnosticEngine) -> SchemaValidator? {
        load(file, uri: uri, engine: engine, documents: [])
    }

    /// `load`, with `documents` compiled beside the schema and the built-in one (the tests serve the JSON
    /// Schema Test Suite's remote schemas this way; whatsnew itself fetches nothing).
    package static func load(_ file: SourceFile, uri: String, engine: DiagnosticEngine, documents: [Document]) -> SchemaValidator? {
        let builtin = Document(file: SourceFile(name: "<built-in schema>", text: BuiltinSchema.text), uri: BuiltinSchema.id)
        return load(file, uri: uri, engine: engine, documents: documents + [builtin], anchors: SchemaRole.anchors)
    }

    /// Checks `root` (the tree of `file`) as a `role`, reporting every failure to `engine`; returns
    /// whether it is valid.
    @discardableResult
    package func validate(root: YAMLNode, file: SourceFile, engine: DiagnosticEngine, role: SchemaRole = .manifest) -> Bool {
        validate(root: root, file: file, engine: engine, anchor: role.anchor)
    }

    /// `validate(root:file:engine:role:)` with a given budget of steps.
    @discardableResult
    package func validate(root: YAMLNode, file: SourceFile, engine: DiagnosticEngine, role: SchemaRole, stepLimit: Int) -> Bool {
        validate(root: root, file: file, engine: engine, anchor: role.anchor, stepLimit: stepLimit)
    }

    /// Whether `root` is valid as a `role`, without building any message.
    package func isValid(_ root: YAMLNode, role: SchemaRole = .manifest) -> Bool {
        isValid(root, anchor: role.anchor)
    }
}
