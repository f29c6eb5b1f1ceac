/// Cuts the byte stream of standard input into messages by their `Content-Length` headers (the base
/// protocol of LSP), within limits: the input is untrusted, so a header section is at most
/// `maxHeaderBytes` and a body at most `maxContentLength`; a body over the limit is skipped as it arrives,
/// never held, and reported as a `.rejected` frame.
package struct MessageFramer: Sendable {
    /// One result of cutting: a message's body, or why a part of the stream was thrown away.
    package enum Frame: Sendable, Equatable {
        case message([UInt8])
        case rejected(String)
    }

    package static let defaultMaxContentLength = 64 << 20
    package static let maxHeaderBytes = 8192

    package let maxContentLength: Int
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// How many bytes of a rejected body are still to be thrown away as they arrive.
    private var skipping = 0

    package init(maxContentLength: Int = MessageFramer.defaultMaxContentLength) {
        self.maxContentLength = maxContentLength
    }

    /// Adds bytes read from the stream.
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        var bytes = bytes[...]
        if skipping > 0 {
            let dropped = min(skipping, bytes.count)
            skipping -= dropped
            bytes = bytes.dropFirst(dropped)
        }
        buffer.append(contentsOf: bytes)
    }

    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The next frame, or nil when more bytes are needed.
    package mutating func next() -> Frame? {
        guard skipping == 0 else { return nil }
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > Self.maxHeaderBytes {
                buffer.removeAll()
                start = 0
                return .rejected("expected a header section of at most \(Self.maxHeaderBytes) bytes ending in an empty line, found more")
            }
            compact()
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let bodyStart = headerEnd + 4
        guard let length = Self.contentLength(in: header) else {
            start = bodyStart
            return .rejected("expected a 'Content-Length: N' header, found '\(Self.printable(header))'")
        }
        guard length <= maxContentLength else {
            start = bodyStart
            let available = buffer.count - start
            let dropped = min(available, length)
            start += dropped
            skipping = length - dropped
            compact()
            return .rejected("a message of \(length) bytes is over the limit of \(maxContentLength) bytes; it was skipped")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        compact()
        return .message(body)
    }

    /// The index of the "\r\n\r\n" that ends the header section, searched in the first `maxHeaderBytes`.
    private func findHeaderEnd() -> Int? {
        let limit = min(buffer.count, start + Self.maxHeaderBytes + 4)
        var index = start
        while index + 3 < limit {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// Drops the bytes already read once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 4096, start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// The value of the `Content-Length` header: decimal digits only, at most 12 of them.
    static func contentLength(in header: String) -> Int? {
        var found: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                guard found == nil, !value.isEmpty, value.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                found = Int(value)
            }
        }
        return found
    }

    /// A header as a message may quote it: at most 80 characters, control characters escaped.
    static func printable(_ text: String) -> String {
        let cut = text.prefix(80)
        return cut.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? $0.escaped(asASCII: true) : String($0) }.joined()
            + (cut.count < text.count ? "…" : "")
    }
}
