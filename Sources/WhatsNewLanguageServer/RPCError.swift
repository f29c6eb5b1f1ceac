/// A JSON-RPC error: its code and message.
struct RPCError: Error {
    let code: Int
    let message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestFailed = -32803

    static func invalidParams(_ message: String) -> RPCError { RPCError(code: invalidParams, message: message) }

    var json: JSON { .object([("code", .int(code)), ("message", .string(message))]) }
}
