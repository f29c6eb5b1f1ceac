import Threads

/// Renders numbered pieces of an output (its versions) on two threads and writes them in order.
///
/// The pieces are taken in chunks of `piecesPerChunk`, in order, from one counter, by the calling thread
/// and by a background thread, so that either takes more when the other is slow (the calling thread also
/// writes, and the machine may be busy). The calling thread renders a chunk straight into the output when
/// every chunk before it has been written, and into a buffer otherwise; the background thread renders into
/// buffers, which the calling thread writes in their place. At most `chunksInFlight` chunks are taken and
/// not yet written, so memory stays bounded however long the output.
///
/// Each thread renders with a renderer of its own, made on the thread that uses it: emitters keep caches in
/// classes that are not thread-safe, and two threads that retain and release the same objects for every
/// piece stall each other on their reference counts. Fewer than `minimumPieces` pieces are rendered on the
/// calling thread alone (a thread costs 50–100 µs, which `show` and small manifests must not pay), and so
/// are all of them when no thread can be made.
package struct TwoThreadRendering: Sendable {
    /// Writes the pieces in a range, in order, into a buffer.
    package typealias Renderer = (Range<Int>, inout OutputBuffer) -> Void

    /// About 150 KB of HTML, 50 KB of Markdown: a hand-over per chunk is a few microseconds (chunks of 16 were
    /// no faster on the 10 MB benchmark).
    package var piecesPerChunk = 32
    var chunksInFlight = 4
    var minimumPieces = 128

    /// Writes pieces `0..<count` into `output` in order: `here` renders on the calling thread, and
    /// `makeRenderer` makes the background thread's renderer, on that thread.
    package func render(_ count: Int, into output: inout OutputBuffer, here: Renderer,
                        elsewhere makeRenderer: @escaping @Sendable () -> Renderer) {
        precondition(piecesPerChunk > 0 && chunksInFlight > 0)
        guard Parallelism.current.splits(size: count, from: max(minimumPieces, 2)) else { return here(0..<count, &output) }
        let chunks = InOrderChunks(count: count, piecesPerChunk: piecesPerChunk, inFlight: chunksInFlight)
        guard let background = BackgroundWork(onItsOwnThread: { () -> Bool in
            Self.renderInBackground(chunks, with: makeRenderer())
            return true
        }) else { return here(0..<count, &output) }
        while let step = chunks.nextStep() {
            switch step {
            case .write(let bytes):
                output.append(rendered: bytes)
                chunks.wrote(bytes)
            case .renderStraight(let chunk):
                here(chunks.pieces(of: chunk), &output)
                output.flushIfFull()
                chunks.wrote(nil)
            case .render(let chunk, let buffer):
                var rendered = OutputBuffer(reusing: buffer)
                here(chunks.pieces(of: chunk), &rendered)
                chunks.finished(chunk, rendered.bytes)
            }
        }
        _ = background.result
    }

    private static func renderInBackground(_ chunks: InOrderChunks, with render: Renderer) {
        while let (chunk, buffer) = chunks.take() {
            var rendered = OutputBuffer(reusing: buffer)
            render(chunks.pieces(of: chunk), &rendered)
            chunks.finished(chunk, rendered.bytes)
        }
    }
}
