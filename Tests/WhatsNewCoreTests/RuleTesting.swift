import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// Running one rule on a manifest given as YAML text.
enum RuleTesting {
    /// What `rule` reports about `text` once decoded (reading and decoding problems are left out: nil root
    /// gives none). `name` is the file's name, which image files are relative to.
    static func diagnostics(of rule: any ManifestRule, in text: String, name: String = "test.yaml") -> [Diagnostic] {
        let engine = DiagnosticEngine()
        let file = SourceFile(name: name, text: text)
        let document = YAMLParser.parse(file, format: YAMLInputFormat(fileName: name))
        guard let root = document.root else { return [] }
        var decoder = ManifestDecoder(engine: engine)
        decoder.addInput(root, file: file)
        rule.check(decoder.finish(firstFile: file), engine: engine)
        return engine.diagnostics
    }
}
