internal import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// GitHub Flavored Markdown rendered to HTML as GitHub renders it: cmark-gfm with GitHub's extensions (tables,
/// strikethrough, autolinks, task lists and the tag filter), raw HTML left out and unsafe links dropped (cmark's
/// safe default). `whatsnew preview` shows the Markdown output with it.
package enum GitHubMarkdown {
    /// The HTML of `markdown`; empty when cmark cannot allocate a parser.
    package static func html(_ markdown: String) -> String {
        MarkdownParser.gitHubHTML(markdown)
    }
}

extension MarkdownParser {
    /// GitHub's extensions, looked up once (after registering them once).
    nonisolated(unsafe) private static let gitHubExtensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        let names = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]
        return names.compactMap { name in name.withCString { cmark_find_syntax_extension($0) } }
    }()

    /// `markdown` parsed and rendered by a parser of its own, under the lock every cmark parse takes.
    static func gitHubHTML(_ markdown: String) -> String {
        exclusively {
            let options = CMARK_OPT_DEFAULT | CMARK_OPT_GITHUB_PRE_LANG
            guard let parser = cmark_parser_new(options) else { return "" }
            defer { cmark_parser_free(parser) }
            for syntaxExtension in gitHubExtensions { cmark_parser_attach_syntax_extension(parser, syntaxExtension) }
            let bytes = Array(markdown.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            }
            guard let document = cmark_parser_finish(parser) else { return "" }
            defer { cmark_node_free(document) }
            guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
            defer { free(html) }
            return String(cString: html)
        }
    }
}
