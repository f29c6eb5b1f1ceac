import Markdown
import WhatsNewCore

/// The frame documents of the outputs that are not HTML pages themselves: each a small page of its own, with
/// its style inline (the frame's policy allows no other source), every text of the manifest escaped.
enum FrameDocument {
    /// A page with `body` under `title`; `classes` on the body.
    static func page(title: String, style: String, body: String, classes: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLEscaping.escape(title))</title>
        <style>\(baseStyle)\(style)</style>
        </head>
        <body class="\(classes)">
        \(body)
        </body>
        </html>

        """
    }

    /// HTML made by cmark-gfm, in GitHub's reading width and type.
    static func gitHub(title: String, html: String) -> String {
        page(title: title, style: gitHubStyle, body: "<main class=\"markdown-body\">\n\(html)</main>")
    }

    /// The terminal's text, coloured, `width` columns wide, on the scheme's background.
    static func terminal(_ html: String, width: Int, scheme: ColorAppearance) -> String {
        page(title: "Terminal", style: terminalStyle,
             body: "<pre class=\"screen\" style=\"width: calc(\(width)ch + 2rem)\">\(html)</pre>", classes: "terminal \(scheme.rawValue)")
    }

    /// The release body as GitHub shows it on a release page, with its Markdown below.
    static func releaseBody(_ markdown: String) -> String {
        page(title: "Release body", style: gitHubStyle, body: """
            <main class="markdown-body">
            \(GitHubMarkdown.html(markdown))</main>
            <details class="source"><summary>Markdown</summary><pre>\(HTMLEscaping.escape(markdown))</pre></details>
            """)
    }

    /// A text output (a feed, JSON) as it is.
    static func source(title: String, text: String) -> String {
        page(title: title, style: "", body: "<pre class=\"text\">\(HTMLEscaping.escape(text))</pre>")
    }

    /// The store texts, a card per store and locale, each with its length against the store's limit.
    static func stores(_ files: [StoreFiles.File]) -> String {
        var body = "<main class=\"stores\">\n"
        for file in files {
            let over = file.length > file.store.limit
            let store = file.store == .appstore ? "App Store" : "Google Play"
            body += """
                <section class="store\(over ? " over" : "")">
                <h2><span class="name">\(store)</span> <code>\(HTMLEscaping.escape(file.path))</code></h2>
                <p class="count"><data value="\(file.length)">\(file.length)</data> of \(file.store.limit) characters\(over ? " — too long" : "")</p>
                <meter min="0" max="\(file.store.limit)" value="\(min(file.length, file.store.limit))"></meter>
                <pre>\(HTMLEscaping.escape(file.text))</pre>
                </section>

                """
        }
        if files.isEmpty { body += "<p>No store texts: the version has no feature for either store.</p>\n" }
        return page(title: "Store texts", style: storesStyle, body: body + "</main>")
    }

    /// Why an output cannot be made, as `validate` prints it.
    static func problems(view: String, report: String) -> String {
        page(title: view, style: "", body: """
            <main class="unavailable">
            <h1>The \(HTMLEscaping.escape(view.lowercased())) cannot be made from this manifest</h1>
            <pre class="text">\(HTMLEscaping.escape(report))</pre>
            </main>
            """)
    }

    static let baseStyle = """
        :root{color-scheme:light dark;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
        body{margin:0;padding:1rem}
        pre.text{white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.45 ui-monospace,"SF Mono",Menlo,Consolas,monospace}
        .source{margin:2rem auto;max-width:50rem}
        .source pre{white-space:pre-wrap;overflow-wrap:anywhere}

        """

    static let gitHubStyle = """
        .markdown-body{max-width:50rem;margin:0 auto;padding:1rem;overflow-wrap:break-word}
        .markdown-body h1,.markdown-body h2{border-bottom:1px solid #d1d9e0;padding-bottom:.3em}
        .markdown-body code{font:85% ui-monospace,Menlo,Consolas,monospace;background:rgba(129,139,152,.15);padding:.2em .4em;border-radius:6px}
        .markdown-body pre{background:rgba(129,139,152,.12);padding:1rem;overflow:auto;border-radius:6px}
        .markdown-body a{color:#0969da}
        .markdown-body table{border-collapse:collapse}.markdown-body td,.markdown-body th{border:1px solid #d1d9e0;padding:.4em .8em}
        @media (prefers-color-scheme:dark){.markdown-body a{color:#4493f8}.markdown-body h1,.markdown-body h2{border-color:#3d444d}}

        """

    static let terminalStyle = """
        body.terminal{padding:1rem;min-height:100vh;box-sizing:border-box}
        .light{background:#f6f6f6;color:#1e1e1e;--f0:#000;--f1:#c91b00;--f2:#00a600;--f3:#996f00;--f4:#0225c7;--f5:#b200b2;--f6:#00a3a3;--f7:#7a7a7a;
        --f8:#595959;--f9:#e1262a;--f10:#1b8a1b;--f11:#8a6d00;--f12:#3b5bdb;--f13:#c026c0;--f14:#007a7a;--f15:#1e1e1e;--fg:#1e1e1e;--bg:#fff}
        .dark{background:#1e1e1e;color:#e5e5e5;--f0:#000;--f1:#f14c4c;--f2:#23d18b;--f3:#f5f543;--f4:#3b8eea;--f5:#d670d6;--f6:#29b8db;--f7:#e5e5e5;
        --f8:#8a8a8a;--f9:#ff6b6b;--f10:#5af78e;--f11:#f4f99d;--f12:#6ab0f3;--f13:#ff92d0;--f14:#9aedfe;--f15:#fff;--fg:#e5e5e5;--bg:#1e1e1e}
        .screen{margin:0 auto;padding:1rem;box-sizing:border-box;background:var(--bg);border-radius:8px;box-shadow:0 0 0 1px rgba(128,128,128,.35);
        font:14px/1.4 ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;white-space:pre;overflow-x:auto}
        .screen a{color:inherit}
        .b{font-weight:bold}.d{opacity:.7}.i{font-style:italic}.u{text-decoration:underline}.s{text-decoration:line-through}
        .f0{color:var(--f0)}.f1{color:var(--f1)}.f2{color:var(--f2)}.f3{color:var(--f3)}.f4{color:var(--f4)}.f5{color:var(--f5)}.f6{color:var(--f6)}.f7{color:var(--f7)}
        .f8{color:var(--f8)}.f9{color:var(--f9)}.f10{color:var(--f10)}.f11{color:var(--f11)}.f12{color:var(--f12)}.f13{color:var(--f13)}.f14{color:var(--f14)}.f15{color:var(--f15)}
        .g0{background:var(--f0)}.g1{background:var(--f1)}.g2{background:var(--f2)}.g3{background:var(--f3)}.g4{background:var(--f4)}.g5{background:var(--f5)}.g6{background:var(--f6)}.g7{background:var(--f7)}
        .g8{background:var(--f8)}.g9{background:var(--f9)}.g10{background:var(--f10)}.g11{background:var(--f11)}.g12{background:var(--f12)}.g13{background:var(--f13)}.g14{background:var(--f14)}.g15{background:var(--f15)}
        .fbg{color:var(--bg)}.gfg{background:var(--fg)}

        """

    static let storesStyle = """
        .stores{max-width:50rem;margin:0 auto;display:grid;gap:1rem}
        .store{border:1px solid rgba(128,128,128,.4);border-radius:8px;padding:0 1rem 1rem}
        .store h2{font-size:1rem;display:flex;gap:.5rem;flex-wrap:wrap;align-items:baseline}
        .store code{font-weight:normal;overflow-wrap:anywhere}
        .store meter{width:100%}
        .store pre{white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.45 system-ui,sans-serif}
        .over{border-color:#d1242f}.over .count{color:#d1242f;font-weight:bold}

        """
}
