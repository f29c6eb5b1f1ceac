import YAMLTree

/// Checks the items of a manifest's `versions` against the schema one by one, as the parser hands them out
/// (see `YAMLItemObserver`), so that the parser can drop each item's nodes once it has been checked and
/// decoded: the tree of a long manifest then never holds more than one version at a time.
///
/// The items are checked against the schema `versions` has in the built-in schema. What is found for an
/// item is exact whatever the rest of the document holds: an item's validity against one schema depends on
/// the item alone. When the whole document is checked later, each stand-in the tree holds in place of an
/// item takes its outcome from here (see `SchemaEvaluator`); should the document's check reach a stand-in
/// some other way, that check is redone on the whole tree.
struct SchemaItemCheck: ~Copyable {
    let schema: SchemaNode.ID
    private var evaluator: SchemaEvaluator
    /// The key the items are under, for the paths of failures.
    private let key: YAMLNode
    /// The failures of each item that has some, by the offset where the item starts.
    private var failures: [Int: [SchemaFailure]] = [:]

    /// A check of the items of `versions` against `validator`, nil when it has no schema for them (only the
    /// built-in schema has).
    init?(_ validator: SchemaValidator) {
        guard let schema = validator.versionItemSchema else { return nil }
        self.schema = schema
        evaluator = SchemaEvaluator(nodes: validator.nodes, stepLimit: SchemaValidator.stepLimit(forNodes: 0))
        key = YAMLNode(scalar: YAMLScalar(plain: "versions"), range: .fileStart)
    }

    /// Checks `item`, the item at `index`. Each item adds its share to the steps the checks may take, as
    /// the document's check would give it (see `SchemaValidator.stepLimit`).
    mutating func check(_ item: YAMLNode, at index: Int) {
        evaluator.allowSteps(SchemaValidator.stepsPerNode * item.expandedCount)
        guard !evaluator.evaluate(item, schema, collect: false), !evaluator.isExhausted else { return }
        failures[item.range.start.offset] = evaluator.failures(ofItem: item, at: index, under: key, schema: schema)
    }

    /// What was found, for the check of the whole document.
    var result: SchemaCheckedItems {
        SchemaCheckedItems(schema: schema, failures: failures, isExhausted: evaluator.isExhausted)
    }
}

/// The outcome of a `SchemaItemCheck`: the failures of every item that has some, by the offset where the
/// item starts (the items without are valid), and whether the checks ran out of steps.
struct SchemaCheckedItems: Sendable {
    let schema: SchemaNode.ID
    let failures: [Int: [SchemaFailure]]
    let isExhausted: Bool
}
