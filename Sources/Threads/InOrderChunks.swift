/// What the calling thread does next (see `InOrderChunks.nextStep`).
package enum ChunkStep {
    /// Writes the next chunk, rendered in a buffer.
    case write([UInt8])
    /// Renders the next chunk to write straight into the output.
    case renderStraight(Int)
    /// Renders a later chunk into a buffer (an empty one kept for reuse).
    case render(Int, [UInt8])
}

/// Which chunks are taken, rendered and written: the hand-over between two threads that render the
/// numbered pieces of one output, in chunks, and write them in order (see `TwoThreadRendering`). The
/// calling thread writes; at most `inFlight` chunks are taken and not yet written.
package final class InOrderChunks: @unchecked Sendable {
    private let lock = ConditionLock()
    private let count: Int
    private let piecesPerChunk: Int
    private let chunkCount: Int
    private let inFlight: Int
    /// The first chunk no thread has taken.
    private var nextToTake = 0
    /// The first chunk not yet written (only the calling thread writes).
    private var nextToWrite = 0
    /// Chunks rendered into buffers and not yet written, by number.
    private var rendered: [Int: [UInt8]] = [:]
    /// Written buffers, emptied, for the next chunks (so that their memory is allocated once).
    private var spare: [[UInt8]] = []

    package init(count: Int, piecesPerChunk: Int, inFlight: Int) {
        self.count = count
        self.piecesPerChunk = piecesPerChunk
        chunkCount = (count + piecesPerChunk - 1) / piecesPerChunk
        self.inFlight = inFlight
    }

    package func pieces(of chunk: Int) -> Range<Int> {
        chunk * piecesPerChunk..<min(count, (chunk + 1) * piecesPerChunk)
    }

    private var mayTakeAnother: Bool {
        nextToTake < chunkCount && nextToTake - nextToWrite < inFlight
    }

    /// The calling thread's next step, waiting while the chunk to write is still being rendered in the
    /// background and no other may be taken; nil once every chunk is written.
    package func nextStep() -> ChunkStep? {
        lock.locked {
            while true {
                if nextToWrite == chunkCount { return nil }
                if let bytes = rendered.removeValue(forKey: nextToWrite) { return .write(bytes) }
                if nextToTake == nextToWrite {
                    nextToTake += 1
                    return .renderStraight(nextToWrite)
                }
                if mayTakeAnother {
                    nextToTake += 1
                    return .render(nextToTake - 1, spare.popLast() ?? [])
                }
                lock.wait()
            }
        }
    }

    /// The background thread's next chunk and a buffer for it, waiting while `inFlight` chunks are taken
    /// and not written; nil once every chunk is taken.
    package func take() -> (chunk: Int, buffer: [UInt8])? {
        lock.locked {
            while !mayTakeAnother {
                if nextToTake == chunkCount { return nil }
                lock.wait()
            }
            nextToTake += 1
            return (nextToTake - 1, spare.popLast() ?? [])
        }
    }

    /// A chunk is rendered into `bytes`.
    package func finished(_ chunk: Int, _ bytes: [UInt8]) {
        lock.locked {
            rendered[chunk] = bytes
            lock.broadcast()
        }
    }

    /// The next chunk is written (from `bytes`, now free for another chunk, or straight into the output).
    package func wrote(_ bytes: [UInt8]?) {
        lock.locked {
            nextToWrite += 1
            if let bytes { spare.append(bytes) }
            lock.broadcast()
        }
    }
}
