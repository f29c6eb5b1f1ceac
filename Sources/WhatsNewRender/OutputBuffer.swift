/// The UTF-8 bytes an emitter writes, appended to one buffer. Without a sink the buffer grows to hold the
/// whole output (for `emit` returning a `String`); with one, `flushIfFull` hands the bytes on whenever they
/// pass `chunkSize` and starts over, so `compile` streams a 25 MB page to its file through a buffer of
/// about 128 KB instead of holding it whole, and more than once.
package struct OutputBuffer {
    /// How many bytes collect before they are handed to the sink.
    static let chunkSize = 1 << 17

    /// The bytes not yet handed on; helpers that write into a `[UInt8]` (escaping, rendering) append here.
    package var bytes: [UInt8] = []
    private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// A buffer that keeps everything written to it.
    package init() {
        sink = nil
        bytes.reserveCapacity(1 << 16)
    }

    /// A buffer that hands its bytes to `sink` in chunks of about `chunkSize`, in order.
    package init(sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.sink = sink
        // A chunk is flushed only at the end of a piece (a feature, a version), which may overshoot it.
        bytes.reserveCapacity(Self.chunkSize + Self.chunkSize / 4)
    }

    /// A buffer that keeps everything written to it in `bytes`'s memory (emptied first), e.g. one chunk of
    /// the pieces `TwoThreadRendering` renders.
    package init(reusing bytes: [UInt8]) {
        sink = nil
        self.bytes = bytes
        self.bytes.removeAll(keepingCapacity: true)
    }

    /// The bytes written, as text (they are valid UTF-8: every piece came from a `String`).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package static func += (output: inout OutputBuffer, text: String) {
        output.append(text)
    }

    /// Appends `text`'s UTF-8 in one copy.
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends bytes rendered into another buffer; with a sink, a large enough piece is handed on as it is,
    /// after the bytes before it, instead of being copied.
    package mutating func append(rendered piece: [UInt8]) {
        guard let sink, !piece.isEmpty, bytes.count + piece.count >= Self.chunkSize else { return bytes.append(contentsOf: piece) }
        flush()
        piece.withUnsafeBufferPointer(sink)
    }

    /// Hands the bytes to the sink once they pass `chunkSize`; emitters call it between pieces.
    mutating func flushIfFull() {
        if sink != nil, bytes.count >= Self.chunkSize { flush() }
    }

    /// Hands every byte still held to the sink (nothing without one: the buffer keeps them).
    package mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer(sink)
        bytes.removeAll(keepingCapacity: true)
    }
}
