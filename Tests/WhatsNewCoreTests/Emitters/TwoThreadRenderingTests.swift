#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewRender

/// `TwoThreadRendering` writes every piece exactly once, in order, whichever thread rendered it, and never
/// lets the background thread run more than `chunksInFlight` chunks ahead of the output.
final class TwoThreadRenderingTests: XCTestCase {
    private let small = TwoThreadRendering(piecesPerChunk: 4, chunksInFlight: 2, minimumPieces: 0)

    private func expected(_ count: Int) -> String {
        (0..<count).map { "piece \($0)\n" }.joined()
    }

    /// A renderer that writes each piece's number.
    private static func numbers() -> TwoThreadRendering.Renderer {
        { range, output in
            for index in range { output += "piece \(index)\n" }
        }
    }

    func testEveryCountAroundTheChunkBoundariesComesOutInOrder() {
        for count in [0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 100, 1_001] {
            var output = OutputBuffer()
            small.render(count, into: &output, here: Self.numbers(), elsewhere: Self.numbers)
            XCTAssertEqual(output.text, expected(count), "\(count) pieces")
        }
    }

    func testFewerPiecesThanTheMinimumStayOnTheCallingThread() {
        let caller = pthread_self()
        let threads = Mutex<[pthread_t]>([])
        let rendering = TwoThreadRendering(piecesPerChunk: 2, chunksInFlight: 2, minimumPieces: 10)
        var output = OutputBuffer()
        let here: TwoThreadRendering.Renderer = { range, output in
            threads.withLock { $0.append(pthread_self()) }
            for index in range { output += "piece \(index)\n" }
        }
        rendering.render(9, into: &output, here: here, elsewhere: {
            XCTFail("no background renderer below the minimum")
            return Self.numbers()
        })
        XCTAssertEqual(output.text, expected(9))
        XCTAssertEqual(threads.withLock { $0.count }, 1, "one call for every piece")
        XCTAssertTrue(threads.withLock { $0.allSatisfy { pthread_equal($0, caller) != 0 } })
    }

    /// The calling thread holds its first chunk (whichever the background thread left it) until the background
    /// thread has rendered one, so both threads render, and the background's chunks still come out in their place.
    func testBothThreadsRenderAndTheOutputKeepsTheOrder() {
        let caller = pthread_self()
        let backgroundRendered = Mutex(false)
        let backgroundPieces = Mutex<[Int]>([])
        var callingThreadPieces: [Int] = []
        var waited = false
        var output = OutputBuffer()
        small.render(40, into: &output, here: { range, output in
            if callingThreadPieces.isEmpty {
                // Bounded, so that a broken hand-over fails instead of hanging.
                for _ in 0..<10_000 where !backgroundRendered.withLock({ $0 }) { usleep(1_000) }
                waited = backgroundRendered.withLock { $0 }
            }
            XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0)
            callingThreadPieces += range
            for index in range { output += "piece \(index)\n" }
        }, elsewhere: {
            XCTAssertEqual(pthread_equal(pthread_self(), caller), 0, "the background renderer is made on its own thread")
            return { range, output in
                backgroundPieces.withLock { $0.append(contentsOf: range) }
                for index in range { output += "piece \(index)\n" }
                backgroundRendered.withLock { $0 = true }
            }
        })
        XCTAssertTrue(waited, "the background thread rendered while the calling thread held a chunk")
        XCTAssertEqual(output.text, expected(40))
        let pieces = backgroundPieces.withLock { $0 }
        XCTAssertFalse(pieces.isEmpty)
        XCTAssertFalse(callingThreadPieces.isEmpty)
        XCTAssertEqual((pieces + callingThreadPieces).sorted(), Array(0..<40), "every piece rendered once")
        XCTAssertEqual(pieces.count % 4, 0, "whole chunks of four")
    }

    /// Pieces larger than a chunk of output go to the sink one by one: when the background thread starts a
    /// chunk, fewer than `chunksInFlight` chunks before it are not yet written.
    func testTheBackgroundStaysAtMostChunksInFlightAhead() {
        let pieceSize = OutputBuffer.chunkSize
        let written = Atomic<Int>(0)
        let rendering = TwoThreadRendering(piecesPerChunk: 1, chunksInFlight: 3, minimumPieces: 0)
        var received: [UInt8] = []
        var sinkCalls = 0
        var output = OutputBuffer { chunk in
            XCTAssertFalse(chunk.isEmpty)
            received.append(contentsOf: chunk)
            sinkCalls += 1
            written.store(received.count / pieceSize, ordering: .releasing)
        }
        let piece: @Sendable (Int) -> [UInt8] = { index in Array(repeating: UInt8(ascii: "a") + UInt8(index % 26), count: pieceSize) }
        let furthestAhead = Mutex(0)
        rendering.render(24, into: &output, here: { range, output in
            for index in range { output.bytes += piece(index) }
        }, elsewhere: {
            { range, output in
                let ahead = range.lowerBound - written.load(ordering: .acquiring)
                furthestAhead.withLock { $0 = max($0, ahead) }
                for index in range { output.bytes += piece(index) }
            }
        })
        output.flush()
        XCTAssertEqual(received, (0..<24).flatMap(piece))
        XCTAssertEqual(sinkCalls, 24, "one chunk per piece, none copied into the next")
        XCTAssertLessThan(furthestAhead.withLock { $0 }, 3)
    }
}
