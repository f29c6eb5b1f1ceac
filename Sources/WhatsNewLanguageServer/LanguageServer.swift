import Threads
import WhatsNewCore

/// `whatsnew lsp`: the Language Server Protocol 3.17 over standard input and output. One loop takes every
/// event from one queue (messages, the end of input, finished checks) and answers in order; checks of the
/// manifests run on a thread of their own, one at a time, and a check whose texts changed meanwhile is
/// thrown away (the newer edit's check replaces it).
package final class LanguageServer {
    /// What the server writes: one message's bytes, framed.
    let send: ([UInt8]) -> Void
    /// The loop's one queue: frames from the reader thread, finished checks from their threads.
    let events: BoundedQueue<ServerEvent>
    let version: String

    var documents: [String: TextDocument] = [:]
    var configuration = ServerConfiguration()
    var root: String?
    var initialized = false
    var shuttingDown = false
    /// The exit code once `exit` arrived.
    var exitCode: Int32?
    /// A `shutdown` answered once the checks under way have published their diagnostics.
    var deferredShutdown: JSON?
    /// Whether `exit` (or the end of input) came while `shutdown` waits for the checks.
    var exitsAfterShutdown = false

    /// The check running now: its id, the units it checks, and the versions of the documents it read.
    var running: (id: Int, work: BackgroundWork<Bool>?, unit: CheckUnit, versions: [String: Int])?
    var nextCheckID = 0
    /// Units to check once the running check ends, in the order they were asked for.
    var pending: [CheckUnit] = []

    init(version: String, events: BoundedQueue<ServerEvent>, send: @escaping ([UInt8]) -> Void) {
        self.version = version
        self.events = events
        self.send = send
    }

    /// Serves standard input and output until `exit` or the end of input; returns the exit code (0 after
    /// `shutdown` then `exit`, 1 otherwise, as LSP says).
    package static func run(version: String) -> Int32 {
        let events = BoundedQueue<ServerEvent>(capacity: 64)
        let reader = BackgroundWork(onItsOwnThread: {
            var framer = MessageFramer()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = StandardStreams.readInput(into: &buffer)
                guard count > 0 else { break }
                buffer.withUnsafeBufferPointer { framer.append(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                while let frame = framer.next() { events.send(.frame(frame)) }
            }
            events.send(.endOfInput)
            return true
        })
        guard reader != nil else { return 1 }
        let server = LanguageServer(version: version, events: events) { StandardStreams.writeOutput($0) }
        while true {
            server.handle(events.receive())
            if let code = server.exitCode { return code }
        }
    }

    /// Handles one event.
    func handle(_ event: ServerEvent) {
        switch event {
        case .frame(.message(let body)): handleMessage(body)
        case .frame(.rejected(let reason)): respond(id: .null, error: RPCError(code: RPCError.invalidRequest, message: reason))
        case .endOfInput:
            if deferredShutdown != nil { exitsAfterShutdown = true } else { exitCode = shuttingDown ? 0 : 1 }
        case let .checked(id, results): finishCheck(id: id, results: results)
        }
    }

    func handleMessage(_ body: [UInt8]) {
        let message: JSON
        do {
            message = try JSON.parse(body)
        } catch {
            respond(id: .null, error: RPCError(code: RPCError.parseError, message: "expected a JSON message, found invalid JSON at byte \(error.offset): \(error.message)"))
            return
        }
        guard case .object = message, let method = message["method"]?.stringValue else {
            let id = message["id"] ?? .null
            if message["result"] != nil || message["error"] != nil, id != .null { return }  // a response to a request of ours
            respond(id: Self.validID(id) ? id : .null, error: RPCError(code: RPCError.invalidRequest, message: "expected a request or notification object with a 'method' string"))
            return
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            handleNotification(method, params: params)
            return
        }
        guard Self.validID(id) else {
            respond(id: .null, error: RPCError(code: RPCError.invalidRequest, message: "expected a number or a string for 'id', found \(id.kind)"))
            return
        }
        if method == "shutdown", initialized, !shuttingDown {
            shutdown(id: id)
            return
        }
        do {
            respond(id: id, result: try handleRequest(method, params: params))
        } catch let error as RPCError {
            respond(id: id, error: error)
        } catch {
            respond(id: id, error: RPCError(code: RPCError.requestFailed, message: "\(error)"))
        }
    }

    static func validID(_ id: JSON) -> Bool {
        switch id {
        case .string: true
        case .number: id.intValue != nil
        default: false
        }
    }

    func handleRequest(_ method: String, params: JSON) throws -> JSON {
        if method == "initialize" { return initialize(params) }
        guard initialized else { throw RPCError(code: RPCError.serverNotInitialized, message: "expected 'initialize' before '\(method)'") }
        guard !shuttingDown else { throw RPCError(code: RPCError.invalidRequest, message: "expected only 'exit' after 'shutdown', found '\(method)'") }
        switch method {
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/codeAction": return try codeActions(params)
        default: throw RPCError(code: RPCError.methodNotFound, message: "unknown method '\(method)'")
        }
    }

    func handleNotification(_ method: String, params: JSON) {
        if method == "exit" {
            if deferredShutdown != nil { exitsAfterShutdown = true } else { exitCode = shuttingDown ? 0 : 1 }
            return
        }
        guard initialized, !shuttingDown else { return }
        switch method {
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "workspace/didChangeConfiguration": didChangeConfiguration(params)
        default: break  // `initialized`, `$/cancelRequest`, `$/setTrace`… need nothing
        }
    }

    /// Answers `shutdown` once no check runs or waits, so the diagnostics of the last edits are published.
    func shutdown(id: JSON) {
        shuttingDown = true
        if running == nil, pending.isEmpty {
            respond(id: id, result: .null)
        } else {
            deferredShutdown = id
        }
    }

    /// Answers a `shutdown` that waited for the checks (and ends the server if `exit` came meanwhile).
    func answerDeferredShutdown() {
        guard let id = deferredShutdown, running == nil, pending.isEmpty else { return }
        deferredShutdown = nil
        respond(id: id, result: .null)
        if exitsAfterShutdown { exitCode = 0 }
    }

    func respond(id: JSON, result: JSON) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    func respond(id: JSON, error: RPCError) {
        write(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)]))
    }

    func notify(_ method: String, _ params: JSON) {
        write(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// Shows a message in the editor (3 information, 2 warning, 1 error).
    func showMessage(_ text: String, type: Int) {
        notify("window/showMessage", .object([("type", .int(type)), ("message", .string(text))]))
    }

    private func write(_ message: JSON) {
        let body = Array(message.text.utf8)
        send(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }
}
