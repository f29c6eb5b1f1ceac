/// Which `Host` headers the server answers: its own address and port as a browser writes them, and `localhost`
/// on a loopback address. Any other is refused, so that a page of another site whose name is made to resolve to
/// this address (DNS rebinding) cannot read the preview.
struct HostCheck: Sendable, Hashable {
    /// The accepted values, lower case, each with its port.
    let accepted: Set<String>
    /// The address to show in a refusal: the one the preview printed.
    let canonical: String

    init(boundHost: String, port: Int) {
        let host = boundHost.lowercased()
        var names = [Self.authority(host: host)]
        if Self.isLoopback(host) || Self.isUnspecified(host) {
            names += ["localhost", "127.0.0.1", "[::1]"]
        }
        accepted = Set(names.map { "\($0):\(port)" })
        canonical = "\(Self.authority(host: host)):\(port)"
    }

    /// Whether a request whose `Host` is `header` may be answered; a request without one never is.
    func allows(_ header: String?) -> Bool {
        guard let header else { return false }
        var value = Substring(header)
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        while value.first == " " || value.first == "\t" { value = value.dropFirst() }
        return accepted.contains(value.lowercased())
    }

    /// An address as it stands before `:port` in a URL: an IPv6 one in brackets.
    static func authority(host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Whether `host` names this machine alone: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.first == "127" else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil }
    }

    /// Whether `host` is the address of every interface (0.0.0.0 or ::).
    static func isUnspecified(_ host: String) -> Bool {
        host == "0.0.0.0" || host == "::" || host == "[::]"
    }
}
