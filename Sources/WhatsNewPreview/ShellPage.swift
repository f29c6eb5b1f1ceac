import Markdown
import WhatsNewCore

/// The page around an output: the bar (a link to each view, the locale, version, width and colour choices and
/// the state), the output in a frame, and the overlay of problems. The script (`PreviewAssets.script`) keeps it
/// live; without it the page still works, as a form and links.
struct ShellPage {
    let view: PreviewView
    let query: ViewQuery
    let snapshot: PreviewSnapshot
    /// The `--template` file, whose view the bar then offers under its name.
    var templatePath: String?

    var html: String {
        let locales = snapshot.manifest?.writtenLocales ?? []
        let versions = snapshot.manifest.map(FrameRenderer.versions) ?? []
        var links = ""
        for other in PreviewView.allCases {
            let current = other == view ? " aria-current=\"page\"" : ""
            var title = other.title
            if other == .template {
                guard let templatePath else { continue }
                title = "<span class=\"file\" title=\"--template \(HTMLEscaping.escape(templatePath))\">"
                    + HTMLEscaping.escape(templatePath.split(separator: "/").last.map(String.init) ?? templatePath) + "</span>"
            }
            links += "<li><a href=\"\(HTMLEscaping.escape(query.address(other.path)))\"\(current)>\(title)</a></li>"
        }
        var choices = ""
        if view.hasLocale, locales.count > 1 {
            choices += select("locale", label: "Locale", options: [("", "default")] + locales.map { ($0, $0) }, chosen: query.locale ?? "")
        } else if let locale = query.locale {
            choices += hidden("locale", locale)
        }
        if view.showsOneVersion, !versions.isEmpty {
            choices += select("version", label: "Version", options: [("", "latest")] + versions.map { ($0, $0) }, chosen: query.version ?? "")
        } else if let version = query.version {
            choices += hidden("version", version)
        }
        if view == .terminal {
            choices += "<label>Width <input name=\"width\" type=\"number\" min=\"20\" max=\"1000\" value=\"\(query.width)\"></label>"
            choices += select("scheme", label: "Colours", options: [("light", "light"), ("dark", "dark")], chosen: query.scheme.rawValue)
        }
        if view == .feeds {
            choices += select("feed", label: "Feed", options: ViewQuery.feeds.map { ($0.rawValue, $0.rawValue) }, chosen: query.feed.rawValue)
        }
        let frame = HTMLEscaping.escape(query.address(view.framePath))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(view.title) — whatsnew preview</title>
            <link rel="stylesheet" href="/_preview/preview.css">
            <script src="/_preview/preview.js" defer></script>
            </head>
            <body data-generation="\(snapshot.generation)" data-rendered="\(snapshot.renderedGeneration)">
            <nav class="bar" aria-label="Outputs">
            <ul>\(links)</ul>
            <form class="choices" method="get" action="\(HTMLEscaping.escape(view.path))">\(choices)<button type="submit">Show</button></form>
            <p class="state" id="state" role="status">\(HTMLEscaping.escape(stateText))</p>
            </nav>
            <iframe id="frame" title="\(view.title)" src="\(frame)" sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>
            \(overlay)
            </body>
            </html>

            """
    }

    /// "Up to date", or the count of problems.
    var stateText: String {
        if snapshot.hasErrors { return "Errors: showing the last good version" }
        if snapshot.manifest == nil { return "No manifest yet" }
        return snapshot.summary.map { "Up to date (\($0.dropLast(" generated.".count)))" } ?? "Up to date"
    }

    /// The problems of the latest reading, as `validate` prints them; hidden while there is no error.
    var overlay: String {
        var blocks = ""
        for problem in snapshot.problems { blocks += "<pre class=\"problem\">\(HTMLEscaping.escape(problem))</pre>\n" }
        if let summary = snapshot.summary { blocks += "<p class=\"summary\">\(HTMLEscaping.escape(summary))</p>\n" }
        return """
            <section class="overlay" id="problems" aria-labelledby="problems-title"\(snapshot.hasErrors ? "" : " hidden")>
            <h2 id="problems-title">\(problemsTitle)</h2>
            <p>The page shows the last version without errors; it follows your edits again once these are fixed.</p>
            <div id="problem-list">\(blocks)</div>
            </section>
            """
    }

    /// Whose errors the overlay shows: the manifest's, the template's, or both.
    var problemsTitle: String {
        switch (snapshot.manifestHasErrors, snapshot.templateHasErrors) {
        case (true, true): return "The manifest and the template have errors"
        case (false, true): return "The template has errors"
        default: return "The manifest has errors"
        }
    }

    private func select(_ name: String, label: String, options: [(String, String)], chosen: String) -> String {
        var html = "<label>\(label) <select name=\"\(name)\">"
        for (value, text) in options {
            let selected = value == chosen ? " selected" : ""
            html += "<option value=\"\(HTMLEscaping.escape(value))\"\(selected)>\(HTMLEscaping.escape(text))</option>"
        }
        return html + "</select></label>"
    }

    private func hidden(_ name: String, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTMLEscaping.escape(value))\">"
    }
}
