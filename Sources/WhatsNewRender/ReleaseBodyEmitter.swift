import Markdown

/// One version's notes as GitHub Markdown for a release page (`gh release create --notes-file`, GitLab
/// releases): the summary, the list of features and the secondary action, as `MarkdownEmitter` writes them, without the
/// document's heading or the version's (the release page shows the version and its name). `Compiler.prepare`
/// makes sure exactly one version is selected; this writes the first.
package struct ReleaseBodyEmitter: Sendable {
    package init() {}

    package func emit(_ notes: ReleaseNotes) -> String {
        var output = OutputBuffer()
        emit(notes, into: &output)
        return output.text
    }

    package func emit(_ notes: ReleaseNotes, into output: inout OutputBuffer) {
        guard let version = notes.versions.first else { return }
        let renderer = MarkdownRenderer()
        let texts = MarkdownTextCache()
        // Blocks are separated by a blank line.
        let summary = MarkdownEmitter.summary(version, texts: texts)
        if let summary {
            output += summary
            output += "\n"
            if !version.features.isEmpty { output += "\n" }
        }
        for feature in version.features {
            MarkdownEmitter.appendItem(feature, renderer: renderer, texts: texts, to: &output.bytes)
            output += "\n"
        }
        if let action = version.secondaryAction, let footer = MarkdownEmitter.secondary(action, renderer: renderer, texts: texts) {
            if !version.features.isEmpty || summary != nil { output += "\n" }
            output += footer
            output += "\n"
        }
    }
}
