import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewText

/// Reads schema documents (JSON or YAML trees) into `SchemaNode`s: checks every keyword's value,
/// compiles patterns, records `$id`, `$anchor`, `$dynamicAnchor` and JSON Pointer locations, and finally
/// links every `$ref` and `$dynamicRef`. Problems become diagnostics at the schema's own text.
///
/// Documents it may need but was not given to compile (the draft 2020-12 meta-schemas, built in, and
/// any `register`ed ones) are compiled when a reference or a `$schema` names them.
struct SchemaCompiler {
    package typealias ID = SchemaNode.ID

    private(set) var nodes: [SchemaNode] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Schema resources by absolute URI (no fragment).
    private(set) var resources: [String: ID] = [:]
    /// `$anchor`s and `$dynamicAnchor`s by `uri#name`.
    private var anchors: [String: ID] = [:]
    /// The `$dynamicAnchor`s of each resource, by name.
    private var dynamicAnchors: [String: [String: ID]] = [:]
    /// Every schema location by `uri#/json/pointer`, for each resource that encloses it.
    private var pointers: [String: ID] = [:]
    private var references: [(node: ID, target: String, text: String, isDynamic: Bool)] = []
    /// The absolute URI of the resource each node is in, by node.
    private var nodeResources: [String] = []
    /// Documents known but not compiled yet, by retrieval URI and by their root's `$id`.
    private var registered: [String: RegisteredDocument] = [:]
    /// The retrieval URIs of the registered documents already compiled.
    private var compiledDocuments: Set<String> = []

    /// A document that may be compiled once something refers to it.
    private struct RegisteredDocument {
        let root: YAMLNode
        let file: SourceFile
        let uri: String
    }

    /// A resource a schema is inside, and the JSON Pointer from that resource's root to the schema.
    private struct Scope {
        let uri: String
        var pointer: String
    }

    /// Compiles one document whose retrieval URI is `uri`; returns the root schema.
    mutating func add(document root: YAMLNode, file: SourceFile, uri: String) -> ID {
        let retrieval = URIReference(uri).withoutFragment
        compiledDocuments.insert(retrieval)
        let id = compile(root, file: file, base: URIReference(uri), scopes: [Scope(uri: retrieval, pointer: "")],
                         vocabularies: .draft202012)
        if resources[retrieval] == nil { resources[retrieval] = id }
        return id
    }

    /// Makes a document known without compiling it: it is compiled when a reference or a `$schema` names
    /// its retrieval `uri` or its root's `$id`.
    mutating func register(document root: YAMLNode, file: SourceFile, uri: String) {
        let retrieval = URIReference(uri).withoutFragment
        let document = RegisteredDocument(root: root, file: file, uri: retrieval)
        registered[retrieval] = document
        if let id = root["$id"]?.scalar?.text {
            let absolute = URIReference(id).resolved(against: URIReference(retrieval)).withoutFragment
            if registered[absolute] == nil { registered[absolute] = document }
        }
    }

    /// The registered or built-in document at the absolute `uri` (no fragment), if there is one.
    private mutating func knownDocument(_ uri: String) -> RegisteredDocument? {
        if let document = registered[uri] { return document }
        guard let text = MetaSchemas.text(for: uri) else { return nil }
        let file = SourceFile(name: "<meta-schema \(uri)>", text: text)
        guard let root = YAMLParser.parse(file, format: .json).root else { return nil }
        register(document: root, file: file, uri: uri)
        return registered[uri]
    }

    /// Compiles the known document at `uri` if it is not compiled yet; returns whether it did.
    private mutating func compileKnownDocument(_ uri: String) -> Bool {
        guard resources[uri] == nil, let document = knownDocument(uri), !compiledDocuments.contains(document.uri) else { return false }
        _ = add(document: document.root, file: document.file, uri: document.uri)
        return true
    }

    /// The schema an absolute URI with an optional fragment (a JSON Pointer or an anchor) names.
    func lookup(_ absolute: String) -> ID? {
        let uri = URIReference(absolute)
        let document = uri.withoutFragment
        let fragment = URIReference.percentDecoded(uri.fragment ?? "")
        if fragment.isEmpty { return resources[document] ?? pointers[document + "#"] }
        if fragment.hasPrefix("/") { return pointers[document + "#" + fragment] }
        return anchors[document + "#" + fragment]
    }

    /// Resolves every `$ref` and `$dynamicRef` and rejects loops of references that never descend into
    /// the instance.
    mutating func link() {
        // Known documents that references name are compiled first; they may refer to more.
        var resolvedCount = 0
        while resolvedCount < references.count {
            let target = references[resolvedCount].target
            resolvedCount += 1
            if lookup(target) == nil { _ = compileKnownDocument(URIReference(target).withoutFragment) }
        }
        // A reference into a resource embedded in a registered document needs that document compiled.
        if references.contains(where: { lookup($0.target) == nil }) {
            for uri in registered.keys.sorted() { _ = compileKnownDocument(uri) }
        }
        for reference in references {
            guard let target = lookup(reference.target) else {
                let node = nodes[reference.node]
                let document = URIReference(reference.target).withoutFragment
                let known = resources[document] != nil
                let keyword = reference.isDynamic ? "$dynamicRef" : "$ref"
                let reason = known
                    ? "'\(document)' has no schema at '#\(URIReference(reference.target).fragment ?? "")'"
                    : "no loaded schema has the $id '\(document)'"
                report(.schemaUnresolvedReference, "cannot resolve '\(keyword)' '\(reference.text)': \(reason)",
                       file: node.file, range: node.refRange ?? node.range,
                       fix: known ? nil : "whatsnew resolves references only to the built-in schema, the draft 2020-12 meta-schemas and the schema given with --schema; refer to them by their '$id'")
                continue
            }
            let node = nodes[reference.node]
            guard reference.isDynamic else {
                node.ref = target
                continue
            }
            node.dynamicRef = target
            // Only a reference whose fragment names a `$dynamicAnchor` of its target is resolved in the
            // dynamic scope; any other `$dynamicRef` is a `$ref`.
            let fragment = URIReference.percentDecoded(URIReference(reference.target).fragment ?? "")
            if !fragment.isEmpty, !fragment.hasPrefix("/"), nodes[target].dynamicAnchorName == fragment {
                node.dynamicRefAnchor = fragment
            }
        }
        for (uri, names) in dynamicAnchors {
            if let root = resources[uri] { nodes[root].dynamicAnchors = names }
        }
        for (id, uri) in nodeResources.enumerated() where dynamicAnchors[uri] != nil {
            if let root = resources[uri], root != id { nodes[id].enclosingDynamicResource = root }
        }
        findReferenceLoops()
    }

    // MARK: Compiling

    private mutating func compile(_ value: YAMLNode, file: SourceFile, base: URIReference, scopes: [Scope],
                                  vocabularies: SchemaVocabularies) -> ID {
        let id = nodes.count
        let node = SchemaNode(file: file, range: value.range)
        nodes.append(node)
        nodeResources.append(base.withoutFragment)
        for scope in scopes {
            let location = scope.uri + "#" + scope.pointer
            if pointers[location] == nil { pointers[location] = id }
        }
        switch value.content {
        case .scalar(let scalar) where scalar.kind == .bool:
            node.rejectsEverything = scalar.boolValue == false
            return id
        case .mapping(let pairs):
            var base = base
            var scopes = scopes
            var vocabularies = vocabularies
            if let idValue = value["$id"] {
                if let text = string(idValue, keyword: "$id", file: file) {
                    let reference = URIReference(text)
                    if let fragment = reference.fragment, !fragment.isEmpty {
                        report(.schemaInvalidKeyword, "expected a URI without a fragment for '$id', found '\(text)'",
                               file: file, range: idValue.range, fix: "name a location with '$anchor' instead")
                    } else {
                        base = reference.resolved(against: base)
                        let uri = base.withoutFragment
                        if resources[uri] != nil {
                            report(.schemaDuplicateId, "the $id '\(uri)' is used by two schemas; expected each $id once",
                                   file: file, range: idValue.range)
                        } else {
                            resources[uri] = id
                            nodeResources[id] = uri
                            compiledDocuments.insert(uri)
                            scopes.append(Scope(uri: uri, pointer: ""))
                            pointers[uri + "#"] = id
                        }
                    }
                }
            }
            if let dialect = value["$schema"] {
                vocabularies = self.vocabularies(of: dialect, file: file) ?? vocabularies
            }
            for pair in pairs {
                guard let keyword = pair.key.scalar?.text else {
                    report(.schemaInvalidKeyword, "expected a keyword, found \(pair.key.kindDescription)",
                           file: file, range: pair.key.range)
                    continue
                }
                // A keyword of a vocabulary the dialect leaves out is an annotation, like an unknown one.
                if let vocabulary = SchemaVocabularies.vocabulary(of: keyword), !vocabularies.contains(vocabulary) { continue }
                read(keyword, pair.value, key: pair.key, into: node, id: id, file: file, base: base, scopes: scopes,
                     vocabularies: vocabularies)
            }
            return id
        default:
            report(.schemaInvalidKeyword, "expected a schema (a mapping or a boolean), found \(value.kindDescription)",
                   file: file, range: value.range)
            return id
        }
    }

    /// The vocabularies of the dialect a `$schema` names: every one of draft 2020-12 for its meta-schema,
    /// those its `$vocabulary` lists for a known meta-schema; nil (reported) for an unknown dialect or a
    /// required vocabulary whatsnew does not implement.
    private mutating func vocabularies(of dialect: YAMLNode, file: SourceFile) -> SchemaVocabularies? {
        guard let text = string(dialect, keyword: "$schema", file: file) else { return nil }
        let uri = URIReference(text).withoutFragment
        if uri == SchemaKeywords.draft202012 { return .draft202012 }
        guard let metaSchema = knownDocument(uri) else {
            report(.schemaUnsupportedDialect,
                   "expected the draft 2020-12 meta-schema '\(SchemaKeywords.draft202012)' for '$schema', found '\(text)'",
                   file: file, range: dialect.range, fix: "whatsnew evaluates JSON Schema draft 2020-12 only")
            return nil
        }
        _ = compileKnownDocument(metaSchema.uri)
        guard let listed = metaSchema.root["$vocabulary"]?.mapping else { return .draft202012 }
        var result: SchemaVocabularies = .core
        for pair in listed {
            guard let name = pair.key.scalar?.text else { continue }
            if let vocabulary = SchemaVocabularies(uri: name) {
                result.insert(vocabulary)
            } else if pair.value.scalar?.boolValue == true {
                report(.schemaUnsupportedVocabulary,
                       "the meta-schema '\(uri)' requires the vocabulary '\(name)', which whatsnew does not implement; expected vocabularies of draft 2020-12",
                       file: file, range: dialect.range,
                       fix: "use a meta-schema that lists '\(name)' as optional (false), or the draft 2020-12 meta-schema")
                return nil
            }
        }
        if result.contains(.formatAssertion) {
            report(.schemaUnsupportedVocabulary,
                   "the meta-schema '\(uri)' requires the format-assertion vocabulary; whatsnew reads 'format' as an annotation only",
                   file: file, range: dialect.range, fix: "use the format-annotation vocabulary, or check formats with 'pattern'")
            return nil
        }
        return result
    }

    private static func escapePointer(_ component: String) -> String {
        SchemaMessages.escapePointer(component)
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func read(_ keyword: String, _ value: YAMLNode, key: YAMLNode, into node: SchemaNode, id: ID,
                               file: SourceFile, base: URIReference, scopes: [Scope], vocabularies: SchemaVocabularies) {
        func sub(_ value: YAMLNode, _ components: String...) -> ID {
            let suffix = components.map { "/" + Self.escapePointer($0) }.joined()
            return compile(value, file: file, base: base, scopes: scopes.map { Scope(uri: $0.uri, pointer: $0.pointer + suffix) },
                           vocabularies: vocabularies)
        }
        switch keyword {
        case "$id":
            break // read first, in `compile`
        case "$schema":
            break // read first, in `compile`
        case "$anchor", "$dynamicAnchor":
            guard let name = string(value, keyword: keyword, file: file) else { return }
            guard Self.isAnchorName(name) else {
                report(.schemaInvalidKeyword,
                       "expected a letter or '_' followed by letters, digits, '-', '.' or '_' for '\(keyword)', found '\(name)'",
                       file: file, range: value.range)
                return
            }
            let resource = base.withoutFragment
            let uri = resource + "#" + name
            if let existing = anchors[uri], existing != id {
                report(.schemaDuplicateId, "the anchor '\(name)' is defined twice in '\(resource)'; expected each anchor once",
                       file: file, range: value.range)
            } else {
                anchors[uri] = id
            }
            if keyword == "$dynamicAnchor" {
                node.dynamicAnchorName = name
                dynamicAnchors[resource, default: [:]][name] = id
            }
        case "$ref", "$dynamicRef":
            guard let text = string(value, keyword: keyword, file: file) else { return }
            references.append((id, URIReference(text).resolved(against: base).text, text, keyword == "$dynamicRef"))
            node.refRange = value.range
        case "$vocabulary":
            guard let pairs = value.mapping else { return invalid(keyword, "a mapping of vocabulary URIs to booleans", value, file: file) }
            for pair in pairs where pair.value.scalar?.kind != .bool {
                invalid(keyword, "a mapping of vocabulary URIs to booleans", pair.value, file: file)
            }
        case "contentEncoding", "contentMediaType":
            _ = string(value, keyword: keyword, file: file)
        case "contentSchema":
            _ = sub(value, keyword)
        case "unevaluatedProperties":
            node.hasObjectKeywords = true
            node.unevaluatedProperties = sub(value, keyword)
        case "unevaluatedItems":
            node.hasArrayKeywords = true
            node.unevaluatedItems = sub(value, keyword)
        case "$defs":
            for (name, schema) in schemaMap(value, keyword: keyword, file: file) { _ = sub(schema, "$defs", name) }
        case "$comment", "title", "description", "format":
            guard let text = string(value, keyword: keyword, file: file) else { return }
            if keyword == "title" { node.title = text }
        case "default", "examples":
            if keyword == "examples", value.sequence == nil {
                invalid(keyword, "a sequence", value, file: file)
            }
        case "deprecated", "readOnly", "writeOnly", "uniqueItems":
            guard let flag = value.scalar, flag.kind == .bool else {
                invalid(keyword, "a boolean", value, file: file)
                return
            }
            if keyword == "uniqueItems" {
                node.uniqueItems = flag.boolValue == true
                node.hasArrayKeywords = true
            }
        case "type":
            readType(value, into: node, file: file)
        case "enum":
            guard let items = value.sequence else { return invalid(keyword, "a sequence", value, file: file) }
            node.enumValues = items.map(SchemaValue.init)
        case "const":
            node.constValue = SchemaValue(value)
        case "properties":
            node.hasObjectKeywords = true
            for (name, schema) in schemaMap(value, keyword: keyword, file: file) {
                node.properties.append((name, sub(schema, "properties", name)))
            }
            node.propertyTable = PropertyTable(node.properties)
        case "patternProperties":
            node.hasObjectKeywords = true
            for (name, schema) in schemaMap(value, keyword: keyword, file: file) {
                let schemaID = sub(schema, "patternProperties", name)
                let key = value.mapping?.first(where: { $0.key.scalar?.text == name })?.key ?? value
                if let regex = regex(name, at: key, file: file) {
                    node.patternProperties.append((regex, schemaID, key.range))
                }
            }
        case "additionalProperties":
            node.hasObjectKeywords = true
            node.additionalProperties = sub(value, keyword)
        case "propertyNames":
            node.hasObjectKeywords = true
            node.propertyNames = sub(value, keyword)
        case "required":
            node.hasObjectKeywords = true
            node.required = stringArray(value, keyword: keyword, file: file)
        case "minProperties", "maxProperties":
            node.hasObjectKeywords = true
            let count = nonNegativeInteger(value, keyword: keyword, file: file)
            if keyword == "minProperties" { node.minProperties = count } else { node.maxProperties = count }
        case "dependentRequired":
            node.hasObjectKeywords = true
            guard let pairs = value.mapping else { return invalid(keyword, "a mapping", value, file: file) }
            for pair in pairs {
                guard let name = pair.key.scalar?.text else { continue }
                node.dependentRequired.append((name, stringArray(pair.value, keyword: keyword, file: file)))
            }
        case "dependentSchemas":
            node.hasObjectKeywords = true
            for (name, schema) in schemaMap(value, keyword: keyword, file: file) {
                node.dependentSchemas.append((name, sub(schema, "dependentSchemas", name)))
            }
        case "items":
            node.hasArrayKeywords = true
            if value.sequence != nil {
                report(.schemaInvalidKeyword, "expected a schema for 'items', found a sequence", file: file, range: value.range,
                       fix: "in draft 2020-12 a list of schemas for the leading items is 'prefixItems'")
                return
            }
            node.items = sub(value, keyword)
        case "prefixItems":
            node.hasArrayKeywords = true
            for (index, schema) in schemaArray(value, keyword: keyword, file: file).enumerated() {
                node.prefixItems.append(sub(schema, keyword, String(index)))
            }
        case "contains":
            node.hasArrayKeywords = true
            node.contains = sub(value, keyword)
        case "minContains", "maxContains", "minItems", "maxItems":
            node.hasArrayKeywords = true
            let count = nonNegativeInteger(value, keyword: keyword, file: file)
            switch keyword {
            case "minContains": node.minContains = count
            case "maxContains": node.maxContains = count
            case "minItems": node.minItems = count
            default: node.maxItems = count
            }
        case "minLength", "maxLength":
            node.hasStringKeywords = true
            let count = nonNegativeInteger(value, keyword: keyword, file: file)
            if keyword == "minLength" { node.minLength = count } else { node.maxLength = count }
        case "pattern":
            node.hasStringKeywords = true
            if let text = string(value, keyword: keyword, file: file) {
                node.pattern = regex(text, at: value, file: file)
                node.patternRange = value.range
            }
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
            node.hasNumberKeywords = true
            guard let number = value.scalar?.doubleValue, number.isFinite else {
                return invalid(keyword, "a number", value, file: file)
            }
            switch keyword {
            case "minimum": node.minimum = number
            case "maximum": node.maximum = number
            case "exclusiveMinimum": node.exclusiveMinimum = number
            case "exclusiveMaximum": node.exclusiveMaximum = number
            default:
                guard number > 0 else { return invalid(keyword, "a number greater than 0", value, file: file) }
                node.multipleOf = number
                node.multipleOfDecimal = value.scalar.flatMap { DecimalNumber($0.text) }
            }
        case "allOf", "anyOf", "oneOf":
            let schemas = schemaArray(value, keyword: keyword, file: file).enumerated().map { sub($1, keyword, String($0)) }
            switch keyword {
            case "allOf": node.allOf = schemas
            case "anyOf": node.anyOf = schemas
            default: node.oneOf = schemas
            }
        case "not":
            node.not = sub(value, keyword)
        case "if":
            node.ifSchema = sub(value, keyword)
        case "then":
            node.thenSchema = sub(value, keyword)
        case "else":
            node.elseSchema = sub(value, keyword)
        default:
            reportUnknown(keyword, at: key, file: file)
        }
    }

    private mutating func readType(_ value: YAMLNode, into node: SchemaNode, file: SourceFile) {
        let names: [YAMLNode]
        if value.scalar != nil {
            names = [value]
        } else if let items = value.sequence, !items.isEmpty {
            names = Array(items)
        } else {
            return invalid("type", "a type name or a non-empty sequence of type names", value, file: file)
        }
        var types: JSONTypeSet = []
        for name in names {
            guard let text = name.scalar?.text, name.scalar?.kind == .string, let type = JSONTypeSet(name: text) else {
                let found = name.scalar.map { "'\($0.text)'" } ?? name.kindDescription
                report(.schemaInvalidKeyword,
                       "expected one of 'null', 'boolean', 'integer', 'number', 'string', 'array' or 'object' for 'type', found \(found)",
                       file: file, range: name.range)
                continue
            }
            types.insert(type)
        }
        node.types = types
    }

    private mutating func reportUnknown(_ keyword: String, at key: YAMLNode, file: SourceFile) {
        var message = "unknown keyword '\(keyword)'"
        if let advice = SchemaKeywords.advice[keyword] {
            message += "; \(advice)"
        } else if let suggestion = Suggestion.closest(to: keyword, in: SchemaKeywords.supported) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; expected a keyword of JSON Schema draft 2020-12"
        }
        report(.schemaUnknownKeyword, message, file: file, range: key.range,
               fix: "whatsnew rejects keywords draft 2020-12 does not define rather than ignore them, so that a misspelled keyword cannot silently check nothing; for a note to readers use '$comment'")
    }

    // MARK: Values

    private mutating func regex(_ pattern: String, at value: YAMLNode, file: SourceFile) -> ECMARegex? {
        do {
            return try ECMARegex(pattern)
        } catch {
            report(.schemaInvalidPattern,
                   "invalid pattern '\(SchemaMessages.shorten(pattern))': \(error.message) (at character \(error.offset + 1)); expected an ECMA-262 regular expression",
                   file: file, range: value.range)
            return nil
        }
    }

    private mutating func string(_ value: YAMLNode, keyword: String, file: SourceFile) -> String? {
        guard let scalar = value.scalar, scalar.kind == .string else {
            invalid(keyword, "a string", value, file: file)
            return nil
        }
        return scalar.text
    }

    private mutating func nonNegativeInteger(_ value: YAMLNode, keyword: String, file: SourceFile) -> Int? {
        guard let number = value.scalar?.doubleValue, number >= 0, number.rounded(.towardZero) == number,
              number < 9.0e18 else {
            invalid(keyword, "a non-negative integer", value, file: file)
            return nil
        }
        return Int(number)
    }

    private mutating func stringArray(_ value: YAMLNode, keyword: String, file: SourceFile) -> [String] {
        guard let items = value.sequence else {
            invalid(keyword, "a sequence of strings", value, file: file)
            return []
        }
        var result: [String] = []
        for item in items {
            guard let scalar = item.scalar, scalar.kind == .string else {
                invalid(keyword, "a sequence of strings", item, file: file)
                continue
            }
            if result.contains(scalar.text) {
                report(.schemaInvalidKeyword, "duplicate '\(scalar.text)' in '\(keyword)'; expected each name once",
                       file: file, range: item.range)
                continue
            }
            result.append(scalar.text)
        }
        return result
    }

    private mutating func schemaArray(_ value: YAMLNode, keyword: String, file: SourceFile) -> [YAMLNode] {
        guard let items = value.sequence, !items.isEmpty else {
            invalid(keyword, "a non-empty sequence of schemas", value, file: file)
            return []
        }
        return Array(items)
    }

    private mutating func schemaMap(_ value: YAMLNode, keyword: String, file: SourceFile) -> [(String, YAMLNode)] {
        guard let pairs = value.mapping else {
            invalid(keyword, "a mapping of names to schemas", value, file: file)
            return []
        }
        return pairs.compactMap { pair in pair.key.scalar.map { ($0.text, pair.value) } }
    }

    private static func isAnchorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0)) }
    }

    // MARK: Reporting

    private mutating func invalid(_ keyword: String, _ expected: String, _ value: YAMLNode, file: SourceFile) {
        let found = value.scalar.map { $0.kind == .string ? "'\(SchemaMessages.shorten($0.text))'" : $0.kind.description } ?? value.kindDescription
        report(.schemaInvalidKeyword, "expected \(expected) for '\(keyword)', found \(found)", file: file, range: value.range)
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, file: SourceFile, range: SourceRange, fix: String? = nil) {
        diagnostics.append(Diagnostic(.error, code: code, message: message, file: file, range: range, fix: fix))
    }

    /// A `$ref` chain that comes back to where it started without descending into the instance would
    /// never end; such loops are schema errors.
    private mutating func findReferenceLoops() {
        enum Mark { case unvisited, active, done }
        var marks = [Mark](repeating: .unvisited, count: nodes.count)
        for root in nodes.indices where marks[root] == .unvisited {
            var stack: [(node: ID, edges: [ID], next: Int)] = [(root, nodes[root].inPlaceSubschemas, 0)]
            marks[root] = .active
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next == stack[top].edges.count {
                    marks[stack[top].node] = .done
                    stack.removeLast()
                    continue
                }
                let target = stack[top].edges[stack[top].next]
                stack[top].next += 1
                switch marks[target] {
                case .active:
                    let node = nodes[stack[top].node]
                    let range = node.ref == target ? node.refRange ?? node.range : node.range
                    report(.schemaReferenceCycle,
                           "this schema applies itself to the same value through '$ref' without descending into it; expected a reference that ends",
                           file: node.file, range: range)
                case .unvisited:
                    marks[target] = .active
                    stack.append((target, nodes[target].inPlaceSubschemas, 0))
                case .done:
                    break
                }
            }
        }
    }
}
