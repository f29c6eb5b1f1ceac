import Synchronization
import XCTest
import Threads

final class BackgroundWorkTests: XCTestCase {
    func testTheWorkRunsOnceAndItsValueCanBeReadAgain() {
        let runs = Atomic<Int>(0)
        let work = BackgroundWork { () -> [Int] in
            runs.add(1, ordering: .relaxed)
            return (1...1_000).map { $0 * $0 }
        }
        XCTAssertEqual(work.result.count, 1_000)
        XCTAssertEqual(work.result.last, 1_000_000)
        XCTAssertEqual(runs.load(ordering: .relaxed), 1)
    }

    func testWorkOnItsOwnThreadRunsBesideTheCaller() throws {
        // The work waits for the caller, which only an own thread allows.
        let signal = Atomic<Bool>(false)
        let work = try XCTUnwrap(BackgroundWork(onItsOwnThread: { () -> Bool in
            while !signal.load(ordering: .acquiring) { sched_yield() }
            return true
        }))
        signal.store(true, ordering: .releasing)
        XCTAssertTrue(work.result)
    }
}
