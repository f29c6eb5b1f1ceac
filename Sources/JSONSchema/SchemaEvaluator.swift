import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewText

/// Evaluates compiled schemas on a YAML tree.
///
/// Each (value, schema) pair is checked once per path through the schema; in boolean mode
/// (`collect: false`) evaluation stops at the first failure and builds no text; in collecting mode it
/// records every failure with its message, position and JSON Pointer. `anyOf`/`oneOf` alternatives are
/// first tried in boolean mode; only when none fits are they evaluated again to pick the closest one.
struct SchemaEvaluator {
    package typealias ID = SchemaNode.ID

    /// One step of the path from the root to the value being checked.
    struct Step: Sendable {
        /// The key of a mapping entry (nil for a sequence item).
        let key: YAMLNode?
        let index: Int
        /// The step stands for the key itself (checked by `propertyNames`), not its value.
        let isKeyName: Bool
    }

    let nodes: [SchemaNode]
    /// The same nodes, unretained: `nodes` keeps them alive, and `evaluate` reads one at every value checked,
    /// which through `nodes` cost a retain and a release each.
    private let unretainedNodes: [Unmanaged<SchemaNode>]
    /// Where the value being checked is, for messages and pointers: kept only while collecting (a check in
    /// boolean mode records nothing, and a step appended and removed for every key and item costs).
    private var path: [Step] = []
    /// The failures held (see `sink`), in order.
    var failures: [SchemaFailure] { list.items }
    /// Where `failures` are kept: in an object, so that `record` need not change the evaluator, and a failure's
    /// words, made only when it is kept, can read the path.
    private let list = FailureList()
    /// Where failures go as they are found, when set: a document with a million problems then costs the
    /// memory of what its receiver keeps, not of a million messages, and the words of those it keeps only (see
    /// `SchemaFailureSink`). Failures of alternatives, and of key names, are held in `failures` until it is
    /// known which to report (see `held`).
    var sink: SchemaFailureSink?
    /// How many evaluations are holding their failures to look at them afterwards.
    private var held = 0
    /// How many (value, schema) checks may run: a schema whose alternatives each re-check the same deep
    /// value (`anyOf` of two schemas that both recurse) would otherwise take time exponential in the
    /// depth. Once spent, every check fails at once and `isExhausted` is set.
    private var remainingSteps: Int
    private(set) var isExhausted = false
    /// The schema resources evaluation has entered that have `$dynamicAnchor`s, outermost first (without
    /// repeating the innermost): where a `$dynamicRef` looks for its anchor. A resource is entered by
    /// evaluating its root or any schema inside it, which a reference may reach directly.
    private var dynamicScope: [ID] = []
    /// The pattern whose match ran out of its step budget (`ECMARegex.defaultStepLimit`), which stopped the
    /// evaluation like a spent `stepLimit`.
    private(set) var exceededPattern: ExceededPattern?

    /// A pattern that took too long, where it is written and where the text it was matched against is.
    struct ExceededPattern: Sendable {
        let source: String
        let file: SourceFile
        let range: SourceRange
        let textRange: SourceRange
        let textLength: Int
    }

    init(nodes: [SchemaNode], stepLimit: Int) {
        self.nodes = nodes
        unretainedNodes = nodes.map { Unmanaged.passUnretained($0) }
        self.remainingSteps = stepLimit
        path.reserveCapacity(64)
    }

    // MARK: Evaluation

    /// Whether `instance` satisfies schema `id`; records failures when `collect` is set.
    mutating func evaluate(_ instance: YAMLNode, _ id: ID, collect: Bool) -> Bool {
        remainingSteps -= 1
        if remainingSteps < 0 {
            isExhausted = true
            return false
        }
        return unretainedNodes[id]._withUnsafeGuaranteedRef { schema in
            guard let entry = schema.dynamicScopeEntry(id), dynamicScope.last != entry else {
                return evaluate(instance, schema, collect: collect)
            }
            dynamicScope.append(entry)
            defer { dynamicScope.removeLast() }
            return evaluate(instance, schema, collect: collect)
        }
    }

    /// The schema a `$dynamicRef` of `schema` applies: the outermost resource in the dynamic scope with a
    /// `$dynamicAnchor` of the name, else the target as a `$ref` resolves it.
    private func dynamicTarget(of schema: SchemaNode) -> ID? {
        guard let anchor = schema.dynamicRefAnchor else { return schema.dynamicRef }
        for resource in dynamicScope {
            if let target = nodes[resource].dynamicAnchors?[anchor] { return target }
        }
        return schema.dynamicRef
    }

    /// Whether schema `id` is `false` (read without retaining it, see `unretainedNodes`).
    private func rejectsEverything(_ id: ID) -> Bool {
        unretainedNodes[id]._withUnsafeGuaranteedRef { $0.rejectsEverything }
    }

    private mutating func evaluate(_ instance: YAMLNode, _ schema: SchemaNode, collect: Bool) -> Bool {
        if schema.rejectsEverything {
            if collect { recordFalse(instance) }
            return false
        }
        let shape = instance.shape
        if let types = schema.types, !types.admits(instance, shape: shape) {
            if collect {
                record("type", instance, "expected \(types.phrase) for \(subject()), found \(SchemaMessages.kindAndValue(instance))",
                       expectation: types.phrase) { $0.expectedTypes = types }
            }
            return false
        }
        var valid = true
        if let ref = schema.ref, !evaluate(instance, ref, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        if schema.dynamicRef != nil, let target = dynamicTarget(of: schema), !evaluate(instance, target, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        if let values = schema.enumValues, !values.contains(where: { $0.matches(instance) }) {
            guard collect else { return false }
            valid = false
            let expectation = SchemaMessages.oneOf(values)
            var suggestion: String?
            if let text = instance.scalar?.text, instance.scalar?.kind == .string {
                suggestion = Suggestion.closest(to: text, in: values.compactMap { if case .string(let s) = $0 { s } else { nil } })
            }
            record("enum", instance,
                   "expected \(expectation) for \(subject()), found \(SchemaMessages.value(instance))" + Self.didYouMean(suggestion),
                   expectation: expectation) { $0.suggestion = suggestion }
        }
        if let value = schema.constValue, !value.matches(instance) {
            guard collect else { return false }
            valid = false
            record("const", instance, "expected \(value.display) for \(subject()), found \(SchemaMessages.value(instance))",
                   expectation: value.display)
        }
        // The shape first: reading a node's children or text is only worth it when keywords look at them.
        switch shape {
        case .mapping where schema.hasObjectKeywords:
            if let pairs = instance.mapping, !evaluateObject(instance, pairs, schema, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        case .sequence where schema.hasArrayKeywords:
            if let items = instance.sequence, !evaluateArray(instance, items, schema, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        case .string where schema.hasStringKeywords:
            if instance.withScalarUTF8({ evaluateString(instance, $0, schema, collect: collect) }) == false {
                guard collect else { return false }
                valid = false
            }
        case .int where schema.hasNumberKeywords, .float where schema.hasNumberKeywords:
            if let scalar = instance.scalar, !evaluateNumber(instance, scalar, schema, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        default:
            break
        }
        for branch in schema.allOf where !evaluate(instance, branch, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        if !schema.anyOf.isEmpty, !evaluateAnyOf(instance, schema.anyOf, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        if !schema.oneOf.isEmpty, !evaluateOneOf(instance, schema.oneOf, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        if let not = schema.not, evaluate(instance, not, collect: false) {
            guard collect else { return false }
            valid = false
            recordNot(instance, not)
        }
        if let condition = schema.ifSchema, schema.thenSchema != nil || schema.elseSchema != nil {
            let branch = evaluate(instance, condition, collect: false) ? schema.thenSchema : schema.elseSchema
            if let branch, !evaluate(instance, branch, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        }
        return valid
    }

    private mutating func evaluateObject(_ instance: YAMLNode, _ pairs: YAMLMapping, _ schema: SchemaNode, collect: Bool) -> Bool {
        var valid = true
        if let minimum = schema.minProperties, pairs.count < minimum {
            guard collect else { return false }
            valid = false
            record("minProperties", instance,
                   "expected at least \(SchemaMessages.count(minimum, "key")) in \(subject()), found \(pairs.isEmpty ? "none" : String(pairs.count))",
                   expectation: "at least \(SchemaMessages.count(minimum, "key"))")
        }
        if let maximum = schema.maxProperties, pairs.count > maximum {
            guard collect else { return false }
            valid = false
            record("maxProperties", instance,
                   "expected at most \(SchemaMessages.count(maximum, "key")) in \(subject()), found \(pairs.count)",
                   expectation: "at most \(SchemaMessages.count(maximum, "key"))")
        }
        for name in schema.required where !pairs.containsKey(name) {
            guard collect else { return false }
            valid = false
            record("required", instance, "missing required key '\(name)' in \(subject())",
                   expectation: "key '\(name)'", missingKey: name)
        }
        for (name, requires) in schema.dependentRequired where pairs.containsKey(name) {
            for other in requires where !pairs.containsKey(other) {
                guard collect else { return false }
                valid = false
                record("dependentRequired", instance,
                       "missing key '\(other)' in \(subject()); expected it because '\(name)' is present",
                       expectation: "key '\(other)'", missingKey: other)
            }
        }
        // By index, not `enumerated()`: a generic walk over another module's collection reads each element
        // through a coroutine that allocates its frame.
        for index in 0..<pairs.count {
            let pair = pairs[index]
            // The key is read in place, as bytes (see `evaluateEntry`).
            if collect { path.append(Step(key: pair.key, index: index, isKeyName: false)) }
            let evaluated = pair.key.withScalarUTF8 { name in evaluateEntry(pair, index: index, name: name, schema, collect: collect) }
            if collect { path.removeLast() }
            guard let entryValid = evaluated else {
                guard collect else { return false }
                valid = false
                record("type", pair.key, "expected a string for a key in \(subject()), found \(pair.key.kindDescription)",
                       expectation: "a string") { $0.expectedTypes = .string }
                continue
            }
            if !entryValid {
                guard collect else { return false }
                valid = false
            }
        }
        for (name, dependent) in schema.dependentSchemas where pairs.containsKey(name) {
            if !evaluate(instance, dependent, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        }
        if let unevaluated = schema.unevaluatedProperties,
           !evaluateUnevaluatedProperties(instance, pairs, schema, unevaluated, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        return valid
    }

    /// One mapping entry against `properties`, `patternProperties`, `additionalProperties` and
    /// `propertyNames`; the path already ends with the entry. The key's name is its UTF-8, in place: a
    /// string is made only for a message (or to look up one of many properties).
    private mutating func evaluateEntry(_ pair: YAMLPair, index: Int, name: UnsafeBufferPointer<UInt8>, _ schema: SchemaNode,
                                        collect: Bool) -> Bool {
        var valid = true
        var matched = false
        if let property = schema.property(utf8: name) {
            matched = true
            if rejectsEverything(property) {
                guard collect else { return false }
                valid = false
                record("properties", pair.key,
                       "key '\(SchemaMessages.shorten(String(decoding: name, as: UTF8.self)))' is not allowed in \(subject(dropping: 1))")
            } else if !evaluate(pair.value, property, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        }
        for (regex, patternSchema, range) in schema.patternProperties
        where matches(regex, name, in: schema.file, at: range, text: pair.key.range) {
            matched = true
            if !evaluate(pair.value, patternSchema, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        }
        if !matched, let additional = schema.additionalProperties {
            if rejectsEverything(additional) {
                guard collect else { return false }
                valid = false
                recordUnknownKey(pair.key, String(decoding: name, as: UTF8.self), schema)
            } else if !evaluate(pair.value, additional, collect: collect) {
                guard collect else { return false }
                valid = false
            }
        }
        if let names = schema.propertyNames, !evaluateKeyName(pair, index: index, names, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        return valid
    }

    /// `propertyNames`: the key, as a string whatever its YAML type, against the schema.
    private mutating func evaluateKeyName(_ pair: YAMLPair, index: Int, _ schema: ID, collect: Bool) -> Bool {
        var key = pair.key
        if let scalar = key.scalar, scalar.kind != .string {
            key = YAMLNode(scalar: YAMLScalar(text: scalar.text, style: scalar.style, kind: .string), range: key.range)
        }
        if collect { path[path.count - 1] = Step(key: pair.key, index: index, isKeyName: true) }
        let mark = list.items.count
        held += 1
        let valid = evaluate(key, schema, collect: collect)
        held -= 1
        if collect { path[path.count - 1] = Step(key: pair.key, index: index, isKeyName: false) }
        for offset in mark..<list.items.count { list.items[offset].keyword = "propertyNames" }
        emitHeld(from: mark)
        return valid
    }

    private mutating func evaluateArray(_ instance: YAMLNode, _ items: YAMLSequence, _ schema: SchemaNode, collect: Bool) -> Bool {
        var valid = true
        if let minimum = schema.minItems, items.count < minimum {
            guard collect else { return false }
            valid = false
            record("minItems", instance,
                   "expected at least \(SchemaMessages.count(minimum, "item")) in \(subject()), found \(items.isEmpty ? "none" : String(items.count))",
                   expectation: "at least \(SchemaMessages.count(minimum, "item"))")
        }
        if let maximum = schema.maxItems, items.count > maximum {
            guard collect else { return false }
            valid = false
            record("maxItems", instance, "expected at most \(SchemaMessages.count(maximum, "item")) in \(subject()), found \(items.count)",
                   expectation: "at most \(SchemaMessages.count(maximum, "item"))")
        }
        for index in 0..<items.count {
            let itemSchema = index < schema.prefixItems.count ? schema.prefixItems[index] : schema.items
            guard let itemSchema else { continue }
            let item = items[index]
            if collect { path.append(Step(key: nil, index: index, isKeyName: false)) }
            var itemValid = true
            if rejectsEverything(itemSchema) {
                itemValid = false
                if collect {
                    let allowed = schema.prefixItems.count
                    record(index < allowed ? "prefixItems" : "items", item,
                           "unexpected item \(index + 1) in \(subject(dropping: 1)); expected at most \(SchemaMessages.count(allowed, "item"))")
                }
            } else {
                itemValid = evaluate(item, itemSchema, collect: collect)
            }
            if collect { path.removeLast() }
            if !itemValid {
                guard collect else { return false }
                valid = false
            }
        }
        if let contains = schema.contains {
            var matches = 0
            for index in 0..<items.count where evaluate(items[index], contains, collect: false) { matches += 1 }
            let minimum = schema.minContains ?? 1
            if matches < minimum {
                guard collect else { return false }
                valid = false
                record("contains", instance,
                       "expected at least \(SchemaMessages.count(minimum, "item")) matching the 'contains' schema in \(subject()), found \(matches == 0 ? "none" : String(matches))")
            }
            if let maximum = schema.maxContains, matches > maximum {
                guard collect else { return false }
                valid = false
                record("maxContains", instance,
                       "expected at most \(SchemaMessages.count(maximum, "item")) matching the 'contains' schema in \(subject()), found \(matches)")
            }
        }
        if schema.uniqueItems, items.count > 1, !evaluateUniqueness(items, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        if let unevaluated = schema.unevaluatedItems, !evaluateUnevaluatedItems(instance, items, schema, unevaluated, collect: collect) {
            guard collect else { return false }
            valid = false
        }
        return valid
    }

    /// Up to this many items, `uniqueItems` compares every pair (allocating nothing) instead of hashing.
    private static let pairwiseUniquenessLimit = 8

    private mutating func evaluateUniqueness(_ items: YAMLSequence, collect: Bool) -> Bool {
        var valid = true
        // A short array (a feature's platforms) is compared item by item; a long one through hashes.
        let comparesPairs = items.count <= Self.pairwiseUniquenessLimit
        var firstIndex: [Int: [Int]] = [:]
        for (index, item) in items.enumerated() {
            let earlier: Int?
            if comparesPairs {
                earlier = (0..<index).first { SchemaValue.equal(items[$0], item) }
            } else {
                var hasher = Hasher()
                SchemaValue.hash(item, into: &hasher)
                let hash = hasher.finalize()
                earlier = firstIndex[hash, default: []].first { SchemaValue.equal(items[$0], item) }
                if earlier == nil { firstIndex[hash, default: []].append(index) }
            }
            guard let earlier else { continue }
            guard collect else { return false }
            valid = false
            let arraySubject = subject()
            path.append(Step(key: nil, index: index, isKeyName: false))
            record("uniqueItems", item,
                   "duplicate item \(SchemaMessages.value(item)) in \(arraySubject); expected each item once",
                   expectation: "unique items") { failure in
                failure.notes = [Diagnostic.Note("item \(earlier + 1) is the same", range: items[earlier].range)]
            }
            path.removeLast()
        }
        return valid
    }

    /// `minLength`, `maxLength` and `pattern` on a string's UTF-8, read in place.
    private mutating func evaluateString(_ instance: YAMLNode, _ text: UnsafeBufferPointer<UInt8>, _ schema: SchemaNode,
                                         collect: Bool) -> Bool {
        var valid = true
        if schema.minLength != nil || schema.maxLength != nil, !Self.lengthSurelyFits(text.count, schema) {
            // Unicode scalars: every byte that does not continue a sequence starts one.
            let length = text.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            if let minimum = schema.minLength, length < minimum {
                guard collect else { return false }
                valid = false
                record("minLength", instance,
                       "expected at least \(SchemaMessages.count(minimum, "character")) for \(subject()), found \(length == 0 ? "an empty string" : String(length))",
                       expectation: "at least \(SchemaMessages.count(minimum, "character"))")
            }
            if let maximum = schema.maxLength, length > maximum {
                guard collect else { return false }
                valid = false
                record("maxLength", instance,
                       "expected at most \(SchemaMessages.count(maximum, "character")) for \(subject()), found \(length)",
                       expectation: "at most \(SchemaMessages.count(maximum, "character"))")
            }
        }
        if let pattern = schema.pattern,
           !matches(pattern, text, in: schema.file, at: schema.patternRange ?? schema.range, text: instance.range) {
            guard collect else { return false }
            valid = false
            let label = schema.title.map(SchemaMessages.nounPhrase)
            let expectation = label ?? "a string matching '\(pattern.source)'"
            record("pattern", instance, "expected \(expectation) for \(subject()), found \(SchemaMessages.value(instance))",
                   expectation: expectation) { failure in
                if let label { failure.notes = [Diagnostic.Note("\(label) matches the pattern '\(pattern.source)'")] }
            }
        }
        return valid
    }

    /// Whether a text of `byteCount` UTF-8 bytes has a length within the bounds whatever its characters:
    /// a scalar takes one to four bytes, so the scalars need counting only when the bytes cannot settle it.
    private static func lengthSurelyFits(_ byteCount: Int, _ schema: SchemaNode) -> Bool {
        (schema.minLength.map { (byteCount + 3) / 4 >= $0 } ?? true) && (schema.maxLength.map { byteCount <= $0 } ?? true)
    }

    private mutating func evaluateNumber(_ instance: YAMLNode, _ scalar: YAMLScalar, _ schema: SchemaNode, collect: Bool) -> Bool {
        guard let value = scalar.doubleValue, !value.isNaN else { return true }
        var valid = true
        func check(_ keyword: String, _ bound: Double?, _ words: String, _ passes: (Double, Double) -> Bool) -> Bool {
            guard let bound, !passes(value, bound) else { return true }
            guard collect else { return false }
            let expectation = "\(words) \(SchemaMessages.number(bound))"
            record(keyword, instance, "expected \(expectation) for \(subject()), found \(SchemaMessages.value(instance))",
                   expectation: expectation)
            return false
        }
        if !check("minimum", schema.minimum, "at least", >=) { guard collect else { return false }; valid = false }
        if !check("maximum", schema.maximum, "at most", <=) { guard collect else { return false }; valid = false }
        if !check("exclusiveMinimum", schema.exclusiveMinimum, "more than", >) { guard collect else { return false }; valid = false }
        if !check("exclusiveMaximum", schema.exclusiveMaximum, "less than", <) { guard collect else { return false }; valid = false }
        if !check("multipleOf", schema.multipleOf, "a multiple of", { value, divisor in
            // Exactly, by the decimal digits both texts write; in binary floating point only for other forms.
            if let exact = schema.multipleOfDecimal, let number = DecimalNumber(scalar.text) { return number.isMultiple(of: exact) }
            if let integer = scalar.intValue, let exact = Int(exactly: divisor) { return integer % exact == 0 }
            let quotient = value / divisor
            return quotient.isFinite && quotient.rounded(.towardZero) == quotient
        }) { guard collect else { return false }; valid = false }
        return valid
    }

    // MARK: Unevaluated keys and items

    /// `unevaluatedProperties`: every key that neither the schema's own keywords nor a subschema that
    /// applies to the same mapping and succeeds has evaluated, against `unevaluated`.
    private mutating func evaluateUnevaluatedProperties(_ instance: YAMLNode, _ pairs: YAMLMapping, _ schema: SchemaNode,
                                                        _ unevaluated: ID, collect: Bool) -> Bool {
        var evaluated = [Bool](repeating: false, count: pairs.count)
        markEvaluatedKeys(instance, pairs, schema, &evaluated, isOuter: true)
        var valid = true
        for (index, pair) in pairs.enumerated() where !evaluated[index] {
            if collect { path.append(Step(key: pair.key, index: index, isKeyName: false)) }
            let pairValid: Bool
            if rejectsEverything(unevaluated) {
                pairValid = false
                if collect {
                    record("unevaluatedProperties", pair.key,
                           "unknown key '\(SchemaMessages.shorten(pair.key.scalar?.text ?? "?"))' in \(subject(dropping: 1)); expected only keys its schema evaluates ('properties', 'patternProperties' or 'additionalProperties', there or in a subschema that applies)")
                }
            } else {
                pairValid = evaluate(pair.value, unevaluated, collect: collect)
            }
            if collect { path.removeLast() }
            if !pairValid {
                guard collect else { return false }
                valid = false
            }
        }
        return valid
    }

    /// `unevaluatedItems`: every item that neither the schema's own keywords nor a subschema that applies
    /// to the same sequence and succeeds has evaluated, against `unevaluated`.
    private mutating func evaluateUnevaluatedItems(_ instance: YAMLNode, _ items: YAMLSequence, _ schema: SchemaNode,
                                                   _ unevaluated: ID, collect: Bool) -> Bool {
        var evaluated = [Bool](repeating: false, count: items.count)
        markEvaluatedItems(instance, items, schema, &evaluated, isOuter: true)
        var valid = true
        for (index, item) in items.enumerated() where !evaluated[index] {
            if collect { path.append(Step(key: nil, index: index, isKeyName: false)) }
            let itemValid: Bool
            if rejectsEverything(unevaluated) {
                itemValid = false
                if collect {
                    record("unevaluatedItems", item,
                           "unexpected item \(index + 1) in \(subject(dropping: 1)); expected only items its schema evaluates ('prefixItems', 'items' or 'contains', there or in a subschema that applies)")
                }
            } else {
                itemValid = evaluate(item, unevaluated, collect: collect)
            }
            if collect { path.removeLast() }
            if !itemValid {
                guard collect else { return false }
                valid = false
            }
        }
        return valid
    }

    /// Marks the keys `schema` evaluates in a mapping it succeeds on (the annotations of `properties`,
    /// `patternProperties`, `additionalProperties` and `unevaluatedProperties`), with those of every
    /// subschema that applies to the same mapping and succeeds. The outer schema's own
    /// `unevaluatedProperties` is what asks, so it does not count.
    private mutating func markEvaluatedKeys(_ instance: YAMLNode, _ pairs: YAMLMapping, _ schema: SchemaNode,
                                            _ evaluated: inout [Bool], isOuter: Bool) {
        guard spendStep(), !schema.rejectsEverything else { return }
        if schema.additionalProperties != nil || (!isOuter && schema.unevaluatedProperties != nil) {
            for index in evaluated.indices { evaluated[index] = true }
            return
        }
        if !schema.properties.isEmpty || !schema.patternProperties.isEmpty {
            for (index, pair) in pairs.enumerated() where !evaluated[index] {
                let named = pair.key.withScalarUTF8 { name in
                    schema.property(utf8: name) != nil
                        || schema.patternProperties.contains { matches($0.regex, name, in: schema.file, at: $0.range, text: pair.key.range) }
                }
                if named == true { evaluated[index] = true }
            }
        }
        for id in succeedingInPlaceSubschemas(instance, schema) {
            let subschema = nodes[id]
            let entry = subschema.dynamicScopeEntry(id).flatMap { dynamicScope.last == $0 ? nil : $0 }
            if let entry { dynamicScope.append(entry) }
            markEvaluatedKeys(instance, pairs, subschema, &evaluated, isOuter: false)
            if entry != nil { dynamicScope.removeLast() }
        }
    }

    /// Marks the items `schema` evaluates in a sequence it succeeds on (the annotations of `prefixItems`,
    /// `items`, `contains` and `unevaluatedItems`), with those of every subschema that applies to the
    /// same sequence and succeeds; as `markEvaluatedKeys`.
    private mutating func markEvaluatedItems(_ instance: YAMLNode, _ items: YAMLSequence, _ schema: SchemaNode,
                                             _ evaluated: inout [Bool], isOuter: Bool) {
        guard spendStep(), !schema.rejectsEverything else { return }
        if schema.items != nil || (!isOuter && schema.unevaluatedItems != nil) {
            for index in evaluated.indices { evaluated[index] = true }
            return
        }
        for index in 0..<min(schema.prefixItems.count, items.count) { evaluated[index] = true }
        if let contains = schema.contains {
            for (index, item) in items.enumerated() where !evaluated[index] && evaluate(item, contains, collect: false) {
                evaluated[index] = true
            }
        }
        for id in succeedingInPlaceSubschemas(instance, schema) {
            let subschema = nodes[id]
            let entry = subschema.dynamicScopeEntry(id).flatMap { dynamicScope.last == $0 ? nil : $0 }
            if let entry { dynamicScope.append(entry) }
            markEvaluatedItems(instance, items, subschema, &evaluated, isOuter: false)
            if entry != nil { dynamicScope.removeLast() }
        }
    }

    /// The subschemas of `schema` that apply to `instance` itself and whose annotations count: those of
    /// `$ref`, `$dynamicRef`, `allOf` and the `dependentSchemas` of present keys (which succeed when
    /// `schema` does, the only case whose annotations matter), the alternatives of `anyOf` and `oneOf`
    /// that succeed, and `if` with `then` or `else` as the condition decides (never `not`).
    private mutating func succeedingInPlaceSubschemas(_ instance: YAMLNode, _ schema: SchemaNode) -> [ID] {
        var result: [ID] = []
        if let ref = schema.ref { result.append(ref) }
        if schema.dynamicRef != nil, let target = dynamicTarget(of: schema) { result.append(target) }
        result += schema.allOf
        for branch in schema.anyOf where evaluate(instance, branch, collect: false) { result.append(branch) }
        for branch in schema.oneOf where evaluate(instance, branch, collect: false) { result.append(branch) }
        if let condition = schema.ifSchema {
            if evaluate(instance, condition, collect: false) {
                result.append(condition)
                if let then = schema.thenSchema { result.append(then) }
            } else if let otherwise = schema.elseSchema {
                result.append(otherwise)
            }
        }
        if !schema.dependentSchemas.isEmpty, let pairs = instance.mapping {
            for (name, dependent) in schema.dependentSchemas where pairs.containsKey(name) { result.append(dependent) }
        }
        return result
    }

    /// Whether `regex` (written at `range` of `file`) matches `text` (at `textRange` of the document). A
    /// match that runs out of its step budget stops the whole evaluation (see `exceededPattern`).
    /// (The ranges are passed as closures: they are asked for only when the budget is spent, and finding a
    /// range's lines and columns for every string checked cost 6% of checking a valid manifest.)
    private mutating func matches(_ regex: ECMARegex, _ text: UnsafeBufferPointer<UInt8>, in file: SourceFile,
                                  at range: @autoclosure () -> SourceRange, text textRange: @autoclosure () -> SourceRange) -> Bool {
        switch regex.match(utf8: text) {
        case .match: return true
        case .noMatch: return false
        case .budgetExceeded:
            if exceededPattern == nil {
                exceededPattern = ExceededPattern(source: regex.source, file: file, range: range(), textRange: textRange(),
                                                  textLength: text.count)
            }
            isExhausted = true
            remainingSteps = -1
            return false
        }
    }

    /// Takes one step of the budget; false once it is spent.
    private mutating func spendStep() -> Bool {
        remainingSteps -= 1
        if remainingSteps < 0 { isExhausted = true }
        return !isExhausted
    }

    // MARK: Alternatives

    private mutating func evaluateAnyOf(_ instance: YAMLNode, _ branches: [ID], collect: Bool) -> Bool {
        for branch in branches where evaluate(instance, branch, collect: false) { return true }
        if collect { reportClosest("anyOf", instance, branches) }
        return false
    }

    private mutating func evaluateOneOf(_ instance: YAMLNode, _ branches: [ID], collect: Bool) -> Bool {
        var matching: [Int] = []
        for (index, branch) in branches.enumerated() where evaluate(instance, branch, collect: false) {
            matching.append(index)
            if matching.count > 1, !collect { return false }
        }
        if matching.count == 1 { return true }
        guard collect else { return false }
        if matching.isEmpty {
            reportClosest("oneOf", instance, branches)
            return false
        }
        let keys = branches.map { nodes[$0].onlyRequiredKey }
        if keys.allSatisfy({ $0 != nil }) {
            let all = keys.map { "'\($0!)'" }
            let found = matching.map { all[$0] }
            record("oneOf", instance,
                   "expected exactly one of the keys \(JSONTypeSet.list(all, conjunction: "or")) in \(subject()), found \(JSONTypeSet.list(found, conjunction: "and"))",
                   expectation: "exactly one of the keys \(JSONTypeSet.list(all, conjunction: "or"))")
        } else {
            let labels = branches.enumerated().map { label(of: $1) ?? "alternative \($0 + 1)" }
            record("oneOf", instance,
                   "expected \(subject()) to match exactly one of \(JSONTypeSet.list(labels, conjunction: "or")), found \(matching.count) that match: \(JSONTypeSet.list(matching.map { labels[$0] }, conjunction: "and"))")
        }
        return false
    }

    /// Reports the alternative that came closest: the one whose failures are deepest in the value, then
    /// the one with fewest. When every alternative fails at the value itself, alternatives that want
    /// another type give way to one that accepts the type, and the rest are named together ("expected a
    /// named color or a hex color").
    private mutating func reportClosest(_ keyword: String, _ instance: YAMLNode, _ branches: [ID]) {
        let depth = path.count
        var outcomes: [[SchemaFailure]] = []
        held += 1
        for branch in branches {
            let mark = list.items.count
            _ = evaluate(instance, branch, collect: true)
            outcomes.append(Array(list.items[mark...]))
            list.items.removeSubrange(mark...)
        }
        held -= 1
        let deepest = outcomes.map { $0.map(\.depth).max() ?? depth }
        let best = deepest.max() ?? depth
        if best > depth {
            let chosen = outcomes.indices.filter { deepest[$0] == best }.min { outcomes[$0].count < outcomes[$1].count }!
            emit(outcomes[chosen])
            return
        }
        func isTypeOnly(_ index: Int) -> Bool {
            !outcomes[index].isEmpty && outcomes[index].allSatisfy { $0.keyword == "type" && $0.depth == depth }
        }
        var candidates = Array(outcomes.indices)
        if candidates.contains(where: { !isTypeOnly($0) }) { candidates.removeAll(where: isTypeOnly) }
        if candidates.count == 1, !outcomes[candidates[0]].isEmpty {
            emit(outcomes[candidates[0]])
            return
        }
        if candidates.allSatisfy(isTypeOnly) {
            let types = candidates.reduce(into: JSONTypeSet()) { result, index in
                for failure in outcomes[index] { result.formUnion(failure.expectedTypes ?? []) }
            }
            record("type", instance, "expected \(types.phrase) for \(subject()), found \(SchemaMessages.kindAndValue(instance))",
                   expectation: types.phrase) { $0.expectedTypes = types }
            return
        }
        let missing = candidates.map { index in
            outcomes[index].count == 1 ? outcomes[index][0].missingKey : nil
        }
        if missing.allSatisfy({ $0 != nil }) {
            let keys = JSONTypeSet.list(missing.map { "'\($0!)'" }, conjunction: "or")
            record(keyword, instance, "expected one of the keys \(keys) in \(subject()), found none of them",
                   expectation: "one of the keys \(keys)")
            return
        }
        let labels = candidates.map { index in
            label(of: branches[index]) ?? (outcomes[index].count == 1 ? outcomes[index][0].expectation : nil) ?? "alternative \(index + 1)"
        }
        let suggestion = candidates.lazy.compactMap { outcomes[$0].first?.suggestion }.first
        let expectation = JSONTypeSet.list(labels, conjunction: "or")
        record(keyword, instance,
               "expected \(expectation) for \(subject()), found \(SchemaMessages.value(instance))" + Self.didYouMean(suggestion),
               expectation: expectation) { $0.suggestion = suggestion }
    }

    /// A schema's title as a noun phrase, following `$ref`s of schemas without one.
    private func label(of id: ID) -> String? {
        var current = id
        for _ in 0..<16 {
            let schema = nodes[current]
            if let title = schema.title { return SchemaMessages.nounPhrase(title: title) }
            guard let ref = schema.ref else { return nil }
            current = ref
        }
        return nil
    }

    // MARK: Recording

    /// Records a failure of `keyword` at `node` (about `missingKey`, for a missing key). Its words are made
    /// only when it is held or kept: one that goes to `sink` and that the engine will not keep is counted.
    private func record(_ keyword: String, _ node: YAMLNode, _ message: @autoclosure () -> String,
                                 expectation: @autoclosure () -> String? = nil, missingKey: String? = nil,
                                 _ configure: (inout SchemaFailure) -> Void = { _ in }) {
        func make() -> SchemaFailure {
            var failure = SchemaFailure(keyword: keyword, range: node.range, depth: path.count, pointer: pointer(), message: message(),
                                        expectation: expectation())
            failure.missingKey = missingKey
            configure(&failure)
            return failure
        }
        guard held == 0, let sink else {
            list.items.append(make())
            return
        }
        sink.report(keyword, at: SchemaFailureSink.start(of: node), missingKey: missingKey, make)
    }

    /// Hands failures to `sink`, or keeps them in `failures` while an evaluation holds them (or there is no sink).
    private func emit(_ found: [SchemaFailure]) {
        guard held == 0, let sink else {
            list.items.append(contentsOf: found)
            return
        }
        for failure in found { sink.report(failure.keyword, at: failure.range.start, missingKey: failure.missingKey) { failure } }
    }

    /// Hands on the failures kept since `mark` once no evaluation holds them any more.
    private mutating func emitHeld(from mark: Int) {
        guard held == 0, sink != nil, mark < list.items.count else { return }
        let found = Array(list.items[mark...])
        list.items.removeSubrange(mark...)
        emit(found)
    }

    private mutating func recordUnknownKey(_ key: YAMLNode, _ name: String, _ schema: SchemaNode) {
        let known = schema.properties.map(\.name)
        let suggestion = Suggestion.closest(to: name, in: known)
        var message = "unknown key '\(SchemaMessages.shorten(name))' in \(subject(dropping: 1))"
        if let suggestion {
            message += "; did you mean '\(suggestion)'?"
        } else if !known.isEmpty, known.count <= 20 {
            message += "; expected \(JSONTypeSet.list(known.map { "'\($0)'" }, conjunction: "or"))"
        }
        record("additionalProperties", key, message) { $0.suggestion = suggestion }
    }

    private mutating func recordFalse(_ instance: YAMLNode) {
        record("false", instance, "expected no value for \(subject()) (its schema is 'false'), found \(SchemaMessages.value(instance))",
               expectation: "no value")
    }

    private mutating func recordNot(_ instance: YAMLNode, _ not: ID) {
        let schema = nodes[not]
        let message: String
        if let key = schema.onlyRequiredKey {
            message = "unexpected key '\(key)' in \(subject()); expected a mapping without it"
        } else if let label = label(of: not) {
            message = "expected \(subject()) not to be \(label), found \(SchemaMessages.value(instance))"
        } else {
            message = "expected \(subject()) not to match the schema in 'not', found \(SchemaMessages.value(instance))"
        }
        record("not", instance, message)
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    // MARK: Paths

    /// The JSON Pointer of the current value.
    private func pointer() -> String {
        var result = ""
        for step in path {
            result += "/"
            if let key = step.key {
                let text = key.scalar?.text ?? ""
                result += SchemaMessages.escapePointer(text)
            } else {
                result += String(step.index)
            }
        }
        return result
    }

    /// The current value in words: "the document", "'title'", "item 2 of 'features'", "a key of 'images'".
    private func subject(dropping count: Int = 0) -> String {
        Self.describe(path.dropLast(count))
    }

    private static func describe(_ steps: ArraySlice<Step>) -> String {
        guard let last = steps.last else { return "the document" }
        if last.isKeyName { return "a key of " + describe(steps.dropLast()) }
        if let key = last.key { return "'\(SchemaMessages.shorten(key.scalar?.text ?? "?", limit: 40))'" }
        return "item \(last.index + 1) of " + describe(steps.dropLast())
    }
}

extension SchemaEvaluator {
    /// The failures an evaluator holds.
    private final class FailureList {
        var items: [SchemaFailure] = []
    }
}
