import SourceText

/// A node as `SchemaValidator.swiftSource` writes it: every keyword given, nothing compiled or linked, so
/// that a schema compiled when the package is built costs a run nothing but making these objects.
extension SchemaNode {
    /// The node with these keywords, as `SchemaCompiler` would have read and linked them (`pattern` and
    /// the regexes of `patternProperties` compiled too: see `PrebuiltRegex`).
    // swiftlint:disable:next function_parameter_count function_body_length
    package convenience init(
        _ file: SourceFile, _ range: PrebuiltRange, rejectsEverything: Bool = false, title: String? = nil,
        types: UInt8? = nil, enumValues: [SchemaValue]? = nil, constValue: SchemaValue? = nil,
        hasObjectKeywords: Bool = false, properties: [(String, ID)] = [],
        patternProperties: [(PrebuiltRegex, ID, PrebuiltRange)] = [], additionalProperties: ID? = nil, propertyNames: ID? = nil,
        required: [String] = [], minProperties: Int? = nil, maxProperties: Int? = nil,
        dependentRequired: [(String, [String])] = [], dependentSchemas: [(String, ID)] = [], unevaluatedProperties: ID? = nil,
        hasArrayKeywords: Bool = false, prefixItems: [ID] = [], items: ID? = nil, contains: ID? = nil,
        minContains: Int? = nil, maxContains: Int? = nil, minItems: Int? = nil, maxItems: Int? = nil,
        uniqueItems: Bool = false, unevaluatedItems: ID? = nil,
        hasStringKeywords: Bool = false, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: PrebuiltRegex? = nil, patternRange: PrebuiltRange? = nil,
        hasNumberKeywords: Bool = false, minimum: Double? = nil, maximum: Double? = nil,
        exclusiveMinimum: Double? = nil, exclusiveMaximum: Double? = nil, multipleOf: Double? = nil,
        multipleOfDecimal: (significand: UInt64, exponent: Int, isNegative: Bool)? = nil,
        allOf: [ID] = [], anyOf: [ID] = [], oneOf: [ID] = [], not: ID? = nil,
        ifSchema: ID? = nil, thenSchema: ID? = nil, elseSchema: ID? = nil,
        ref: ID? = nil, refRange: PrebuiltRange? = nil, dynamicRef: ID? = nil, dynamicRefAnchor: String? = nil,
        dynamicAnchorName: String? = nil, dynamicAnchors: [(String, ID)]? = nil, enclosingDynamicResource: ID? = nil
    ) {
        self.init(file: file, range: Self.sourceRange(range))
        self.rejectsEverything = rejectsEverything
        self.title = title
        self.types = types.map(JSONTypeSet.init(rawValue:))
        self.enumValues = enumValues
        self.constValue = constValue
        self.hasObjectKeywords = hasObjectKeywords
        self.properties = properties.map { (name: $0.0, schema: $0.1) }
        propertyTable = PropertyTable(self.properties)
        self.patternProperties = patternProperties.compactMap { source, schema, range in
            Self.prebuiltRegex(source).map { (regex: $0, schema: schema, range: Self.sourceRange(range)) }
        }
        self.additionalProperties = additionalProperties
        self.propertyNames = propertyNames
        self.required = required
        self.minProperties = minProperties
        self.maxProperties = maxProperties
        self.dependentRequired = dependentRequired.map { (name: $0.0, requires: $0.1) }
        self.dependentSchemas = dependentSchemas.map { (name: $0.0, schema: $0.1) }
        self.unevaluatedProperties = unevaluatedProperties
        self.hasArrayKeywords = hasArrayKeywords
        self.prefixItems = prefixItems
        self.items = items
        self.contains = contains
        self.minContains = minContains
        self.maxContains = maxContains
        self.minItems = minItems
        self.maxItems = maxItems
        self.uniqueItems = uniqueItems
        self.unevaluatedItems = unevaluatedItems
        self.hasStringKeywords = hasStringKeywords
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern.flatMap(Self.prebuiltRegex)
        self.patternRange = patternRange.map(Self.sourceRange)
        self.hasNumberKeywords = hasNumberKeywords
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
        self.multipleOf = multipleOf
        self.multipleOfDecimal = multipleOfDecimal.map(DecimalNumber.init(parts:))
        self.allOf = allOf
        self.anyOf = anyOf
        self.oneOf = oneOf
        self.not = not
        self.ifSchema = ifSchema
        self.thenSchema = thenSchema
        self.elseSchema = elseSchema
        self.ref = ref
        self.refRange = refRange.map(Self.sourceRange)
        self.dynamicRef = dynamicRef
        self.dynamicRefAnchor = dynamicRefAnchor
        self.dynamicAnchorName = dynamicAnchorName
        self.dynamicAnchors = dynamicAnchors.map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }
        self.enclosingDynamicResource = enclosingDynamicResource
    }

    /// A range as six numbers: the start's line, column and offset, then the end's.
    package typealias PrebuiltRange = (Int, Int, Int, Int, Int, Int)

    static func sourceRange(_ numbers: PrebuiltRange) -> SourceRange {
        SourceRange(start: Mark(line: numbers.0, column: numbers.1, offset: numbers.2),
                    end: Mark(line: numbers.3, column: numbers.4, offset: numbers.5))
    }

    /// The six numbers of `range`.
    static func numbers(of range: SourceRange) -> PrebuiltRange {
        (range.start.line, range.start.column, range.start.offset, range.end.line, range.end.column, range.end.offset)
    }

    /// A compiled pattern: its source, whether it starts with `^`, its program (each instruction as the raw
    /// value of its `RegexInstruction.Op` and its two operands) and its scalar sets (each as its bounds, two
    /// per range).
    package typealias PrebuiltRegex = (source: String, anchoredAtStart: Bool, program: [(UInt8, Int32, Int32)], sets: [[UInt32]])

    /// The regex of a compiled pattern. Parts that do not fit the regex engine (it changed since the source
    /// was written) make it compile the pattern's source instead; a pattern it now rejects is left out, as
    /// the compiler leaves out a pattern it reports. The test that holds the written graph to a fresh
    /// compilation fails in either case.
    private static func prebuiltRegex(_ regex: PrebuiltRegex) -> ECMARegex? {
        var program: [RegexInstruction] = []
        program.reserveCapacity(regex.program.count)
        for (code, a, b) in regex.program {
            guard let op = RegexInstruction.Op(rawValue: code) else { return try? ECMARegex(regex.source) }
            program.append(RegexInstruction(op, a, b))
        }
        var sets: [ScalarSet] = []
        for bounds in regex.sets {
            guard bounds.count % 2 == 0, stride(from: 0, to: bounds.count, by: 2).allSatisfy({ bounds[$0] <= bounds[$0 + 1] }) else {
                return try? ECMARegex(regex.source)
            }
            sets.append(ScalarSet(ranges: stride(from: 0, to: bounds.count, by: 2).map { bounds[$0]...bounds[$0 + 1] }))
        }
        return ECMARegex(compiled: regex.source, program: program, sets: sets, anchoredAtStart: regex.anchoredAtStart)
    }
}
