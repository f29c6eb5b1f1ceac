#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's two streams: the client's messages on standard input, the server's on standard output.
enum StandardStreams {
    /// Reads what standard input has (up to 64 KiB), retrying on an interrupt; an empty result is its end
    /// (or an error reading it).
    static func readInput(into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            return max(0, count)
        }
    }

    /// Writes every byte to standard output; false when it cannot (the client has gone).
    @discardableResult
    static func writeOutput(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(1, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
