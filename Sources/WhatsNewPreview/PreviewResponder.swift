import Hummingbird
import ServiceLifecycle
import Threads
import WhatsNewCore

/// Answers every request: first the `Host` check (nothing is answered before the server knows its port, nor to
/// a foreign host), then the page of a view, its frame, the events, the status, the script and style, or one of
/// the manifest's files. Only GET and HEAD; everything is made in memory from the state.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let state: PreviewState
    let broadcaster: ChangeBroadcaster
    /// Set once the server listens (the port is known then).
    let hostCheck: Locked<HostCheck?>
    let frames = FrameCache()

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let check = hostCheck.withLock({ $0 }) else { return refusal(.serviceUnavailable, "the preview is starting; try again") }
        guard check.allows(request.head.authority) else {
            let found = request.head.authority.map { "'\($0)'" } ?? "none"
            return refusal(.misdirectedRequest,
                           "refused: the Host header is \(found), and this preview answers only to its own address, \(check.canonical); open http://\(check.canonical)/")
        }
        guard request.method == .get || request.method == .head else {
            return refusal(.methodNotAllowed, "the preview only answers GET and HEAD")
        }
        let path = request.uri.path
        let query = ViewQuery(query: request.uri.query)
        switch path {
        case "/_preview/preview.js":
            return text(PreviewAssets.script, type: "text/javascript; charset=utf-8", policy: SecurityHeaders.inert)
        case "/_preview/preview.css":
            return text(PreviewAssets.style, type: "text/css; charset=utf-8", policy: SecurityHeaders.inert)
        case "/_preview/status":
            let snapshot = state.snapshot
            let shell = ShellPage(view: .changelog, query: query, snapshot: snapshot)
            return text(StatusJSON.make(snapshot, state: shell.stateText, title: shell.problemsTitle), type: "application/json",
                        policy: SecurityHeaders.inert)
        case "/_preview/events":
            return events()
        default:
            break
        }
        if path.hasPrefix("/_preview/frame/"), let view = PreviewView(rawValue: String(path.dropFirst("/_preview/frame/".count))), offers(view) {
            return frame(view, query: query)
        }
        if path.hasPrefix("/_preview/patch/"), let view = PreviewView(rawValue: String(path.dropFirst("/_preview/patch/".count))), offers(view) {
            let since = ViewQuery.pairs(of: request.uri.query ?? "").first { $0.0 == "since" }.flatMap { Int($0.1) }
            return patch(view, query: query, since: since)
        }
        if path.hasPrefix("/files/") {
            return file(path)
        }
        if let view = PreviewView(path: path), offers(view) {
            let page = ShellPage(view: view, query: query, snapshot: state.snapshot, templatePath: state.options.template)
            return text(page.html, type: "text/html; charset=utf-8", policy: SecurityHeaders.page)
        }
        return refusal(.notFound, "no such page: the preview's pages are " + PreviewView.allCases.filter(offers).map(\.path).joined(separator: ", "))
    }

    /// Whether this preview has `view`: every one but the template's, which needs `--template`.
    private func offers(_ view: PreviewView) -> Bool {
        view != .template || state.options.template != nil
    }

    private func frame(_ view: PreviewView, query: ViewQuery) -> Response {
        let snapshot = state.snapshot
        return text(frameText(view, query: query, snapshot: snapshot), type: "text/html; charset=utf-8", policy: SecurityHeaders.frame)
    }

    /// The frame's page as rendered from `snapshot`, kept for the next patch.
    private func frameText(_ view: PreviewView, query: ViewQuery, snapshot: PreviewSnapshot) -> String {
        guard let manifest = snapshot.manifest, view != .template || snapshot.template != nil else {
            let report = snapshot.problems.joined() + (snapshot.summary.map { $0 + "\n" } ?? "")
            return FrameDocument.problems(view: view.title, report: report)
        }
        let key = query.address(view.rawValue)
        if let cached = frames.text(for: key, generation: snapshot.renderedGeneration) { return cached }
        let renderer = FrameRenderer(compiler: state.compiler, manifest: manifest, template: snapshot.template,
                                     templateWritesHTML: state.options.template.map(TemplateReading.writesHTML) ?? false)
        let html = renderer.render(view, query: query)
        frames.store(html, for: key, generation: snapshot.renderedGeneration)
        return html
    }

    /// `/_preview/patch/VIEW?…&since=N`: the changes from the frame rendered at generation N to the one now, as
    /// JSON — `{"rendered": M, "replacements": [{"path": […], "name": "article", "html": "…"}]}`, or `"whole": true`
    /// when the page must be loaded whole (N is not the last rendering kept, or the two do not compare).
    private func patch(_ view: PreviewView, query: ViewQuery, since: Int?) -> Response {
        let snapshot = state.snapshot
        let key = query.address(view.rawValue)
        let old = since.flatMap { frames.text(for: key, generation: $0) }
        let new = frameText(view, query: query, snapshot: snapshot)
        var json = "{\"rendered\":\(snapshot.renderedGeneration)"
        if let old, snapshot.manifest != nil, let patch = FramePatch.between(old, new) {
            let replacements = patch.replacements.map { replacement in
                "{\"path\":[\(replacement.path.map(String.init).joined(separator: ","))],\"name\":\(StatusJSON.string(replacement.name)),"
                    + "\"html\":\(StatusJSON.string(replacement.html))}"
            }
            json += ",\"replacements\":[\(replacements.joined(separator: ","))]}"
        } else {
            json += ",\"whole\":true}"
        }
        return text(json, type: "application/json", policy: SecurityHeaders.inert)
    }

    private func file(_ path: String) -> Response {
        let snapshot = state.snapshot
        let root = state.options.inputs.first.map { FileSystem.kind(of: $0) == .directory ? $0 : FileSystem.directoryName(of: $0) } ?? "."
        let served = ServedFiles(root: root, files: snapshot.watched + (snapshot.manifest.map(Self.fragments) ?? []))
        switch served.read(path) {
        case .success(let bytes):
            var headers = SecurityHeaders.headers(contentType: ServedFiles.mediaType(of: path), policy: SecurityHeaders.inert)
            headers[.contentLength] = String(bytes.count)
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .failure(.badPath):
            return refusal(.badRequest, "refused: a file's path may not be empty, '.' or '..', nor hold an encoded '/'")
        case .failure(.notServed):
            return refusal(.notFound, "no such file among the manifest's own: the preview serves only the inputs, their fragments, the --refs files and the images the manifest names, inside the manifest's folder")
        }
    }

    /// The fragment files of directory inputs, which the watched list names only by their directory.
    static func fragments(of manifest: Manifest) -> [String] {
        var files: [String] = []
        for version in manifest.versions {
            if let name = version.location?.file?.name, !files.contains(name) { files.append(name) }
        }
        return files
    }

    private func events() -> Response {
        guard let stream = broadcaster.subscribe() else {
            return refusal(.serviceUnavailable, "too many open preview pages; close some")
        }
        let generation = state.snapshot.generation
        let headers = SecurityHeaders.headers(contentType: "text/event-stream; charset=utf-8", policy: SecurityHeaders.inert)
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\nevent: generation\ndata: \(generation)\n\n"))
            // The server stops before the watcher does, and waits for every response to end first: this one
            // ends when the server is told to stop.
            try await withGracefulShutdownHandler {
                for await next in stream {
                    try await writer.write(ByteBuffer(string: "event: generation\ndata: \(next)\n\n"))
                }
            } onGracefulShutdown: {
                broadcaster.finish()
            }
            try await writer.finish(nil)
        })
    }

    private func text(_ body: String, type: String, policy: String) -> Response {
        var headers = SecurityHeaders.headers(contentType: type, policy: policy)
        let buffer = ByteBuffer(string: body)
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: buffer))
    }

    private func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = SecurityHeaders.headers(contentType: "text/plain; charset=utf-8", policy: SecurityHeaders.inert)
        let buffer = ByteBuffer(string: message + "\n")
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: buffer))
    }
}
