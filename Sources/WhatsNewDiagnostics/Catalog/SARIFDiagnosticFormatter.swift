import SourceText
import WhatsNewText

/// Writes diagnostics as one SARIF 2.1.0 log (OASIS Standard, errata 01), pretty-printed, for code
/// scanning services and SARIF viewers.
///
/// The log has one run: `tool.driver` names whatsnew with its version and one rule per code used
/// (sorted, each with a short description from `DiagnosticCatalog`); `artifacts` lists every file a
/// diagnostic or note points to (sorted by name); each diagnostic is a result with `ruleId`,
/// `ruleIndex`, `level` (error, warning, note), `message.text`, and a location whose
/// `artifactLocation.uri` is the path as given (percent-encoded; `file://` when absolute) and whose
/// `region` has `startLine`, `startColumn`, `endLine`, `endColumn`. Notes are `relatedLocations` with
/// their messages. A fix suggestion and the JSON Pointer of the offending value go to the result's
/// property bag (`fix`, `path`): SARIF's own `fixes` need the replacement text, which a suggestion in
/// words does not give.
///
/// Columns are 1-based and count Unicode code points (`columnKind: unicodeCodePoints`), as whatsnew's
/// columns count Unicode scalars; `endColumn` is the column just past the range, as SARIF defines it.
///
/// GitHub code scanning rejects a run with more than 25,000 results: at most `maxResults` are written. When
/// diagnostics were left out (by that limit or by `--max-diagnostics`), the run's one invocation carries a
/// `toolExecutionNotifications` entry (descriptor `too-many-diagnostics`, level `note`) saying how many.
package struct SARIFDiagnosticFormatter: DiagnosticFormatter {
    /// The most results a run may hold for GitHub code scanning to accept the log.
    package static let maxResults = 25_000

    /// The schema the log names in `$schema`.
    package static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The version of whatsnew that wrote the log.
    package var toolVersion: String
    /// Where to read about whatsnew (an absolute URI).
    package var informationURI: String

    package init(toolVersion: String, informationURI: String = "https://whatsnew.dev") {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
    }

    package func render(_ diagnostics: [Diagnostic], omitted: OmittedDiagnostics?) -> String {
        var left = OmittedDiagnostics()
        for diagnostic in diagnostics.dropFirst(Self.maxResults) {
            switch diagnostic.severity {
            case .error: left.errors += 1
            case .warning: left.warnings += 1
            case .note: left.notes += 1
            }
        }
        let diagnostics = Array(diagnostics.prefix(Self.maxResults))
        let total = (omitted ?? OmittedDiagnostics()).adding(left)
        let codes = Array(Set(diagnostics.map(\.code))).sorted(by: Self.bytewise)
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        var names = Set<String>()
        for diagnostic in diagnostics {
            if let file = diagnostic.file { names.insert(file.name) }
            for note in diagnostic.notes {
                if let file = note.file ?? diagnostic.file { names.insert(file.name) }
            }
        }
        let artifactNames = names.sorted(by: Self.bytewise)
        let artifactIndex = Dictionary(uniqueKeysWithValues: artifactNames.enumerated().map { ($1, $0) })

        let rules = codes.map { code -> JSONValue in
            .object([
                ("id", .string(code)),
                ("shortDescription", .object([("text", .string(DiagnosticCatalog.shortDescription(of: code)))])),
            ])
        }
        let artifacts = artifactNames.map { name -> JSONValue in
            .object([("location", .object([("uri", .string(Self.uri(forPath: name)))]))])
        }
        let results = diagnostics.map { diagnostic in
            result(for: diagnostic, ruleIndex: ruleIndex[diagnostic.code] ?? -1, artifactIndex: artifactIndex)
        }
        var run: [(key: String, value: JSONValue)] = [
            ("tool", .object([("driver", .object([
                ("name", .string("whatsnew")),
                ("version", .string(toolVersion)),
                ("informationUri", .string(informationURI)),
                ("rules", .array(rules)),
            ]))])),
        ]
        if !total.isEmpty {
            var message = total.message
            if !left.isEmpty { message += "; a SARIF run for code scanning holds at most \(Self.maxResults) results" }
            run.append(("invocations", .array([.object([
                ("executionSuccessful", .bool(true)),
                ("toolExecutionNotifications", .array([.object([
                    ("descriptor", .object([("id", .string(OmittedDiagnostics.code.rawValue))])),
                    ("level", .string("note")),
                    ("message", .object([("text", .string(message))])),
                ])])),
            ])])))
        }
        run += [
            ("columnKind", .string("unicodeCodePoints")),
            ("artifacts", .array(artifacts)),
            ("results", .array(results)),
        ]
        let log: JSONValue = .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return log.pretty + "\n"
    }

    private func result(for diagnostic: Diagnostic, ruleIndex: Int, artifactIndex: [String: Int]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(diagnostic.code)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(diagnostic.severity.rawValue)),
            ("message", .object([("text", .string(diagnostic.message))])),
        ]
        if let physical = physicalLocation(file: diagnostic.file, range: diagnostic.range, artifactIndex: artifactIndex) {
            members.append(("locations", .array([.object([("physicalLocation", physical)])])))
        }
        if !diagnostic.notes.isEmpty {
            // Each related location gets an id, which SARIF requires to be unique within the result;
            // it also keeps two identical notes distinct, as the schema wants the array's items unique.
            let related = diagnostic.notes.enumerated().map { index, note -> JSONValue in
                var location: [(key: String, value: JSONValue)] = [("id", .int(index + 1))]
                if let physical = physicalLocation(file: note.file ?? diagnostic.file, range: note.range,
                                                   artifactIndex: artifactIndex) {
                    location.append(("physicalLocation", physical))
                }
                location.append(("message", .object([("text", .string(note.message))])))
                return .object(location)
            }
            members.append(("relatedLocations", .array(related)))
        }
        var properties: [(key: String, value: JSONValue)] = []
        if let fix = diagnostic.fix { properties.append(("fix", .string(fix))) }
        if let path = diagnostic.path { properties.append(("path", .string(path))) }
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        return .object(members)
    }

    private func physicalLocation(file: SourceFile?, range: SourceRange?, artifactIndex: [String: Int]) -> JSONValue? {
        guard let file else { return nil }
        var members: [(key: String, value: JSONValue)] = [
            ("artifactLocation", .object([
                ("uri", .string(Self.uri(forPath: file.name))),
                ("index", .int(artifactIndex[file.name] ?? -1)),
            ])),
        ]
        if let range {
            let startLine = max(1, range.start.line), startColumn = max(1, range.start.column)
            let endLine = max(startLine, range.end.line)
            let endColumn = endLine == startLine ? max(startColumn, range.end.column) : max(1, range.end.column)
            members.append(("region", .object([
                ("startLine", .int(startLine)),
                ("startColumn", .int(startColumn)),
                ("endLine", .int(endLine)),
                ("endColumn", .int(endColumn)),
            ])))
        }
        return .object(members)
    }

    /// A path as a URI reference (RFC 3986): every byte but the unreserved characters and `/`
    /// percent-encoded, so spaces, `%`, `#`, `?` and `:` never change its meaning; an absolute path
    /// becomes a `file://` URI.
    package static func uri(forPath path: String) -> String {
        var result = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    private static func bytewise(_ lhs: String, _ rhs: String) -> Bool {
        Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
    }
}
