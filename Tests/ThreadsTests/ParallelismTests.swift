import XCTest
@testable import Threads

final class ParallelismTests: XCTestCase {
    func testASecondThreadNeedsASecondProcessorAndWorkFromTheThreshold() {
        let two = Parallelism(processors: 2, threadsVariable: nil)
        XCTAssertTrue(two.splits(size: 128, from: 128))
        XCTAssertFalse(two.splits(size: 127, from: 128))
        let one = Parallelism(processors: 1, threadsVariable: nil)
        XCTAssertFalse(one.hasSecondProcessor)
        XCTAssertFalse(one.splits(size: 1_000_000, from: 128))
    }

    func testWhatsNewThreadsOneKeepsEveryStageOnOneThread() {
        XCTAssertFalse(Parallelism(processors: 8, threadsVariable: "1").splits(size: 1_000_000, from: 0))
        XCTAssertTrue(Parallelism(processors: 8, threadsVariable: "2").splits(size: 1_000_000, from: 0))
        XCTAssertTrue(Parallelism(processors: 8, threadsVariable: "").splits(size: 1_000_000, from: 0))
    }

    func testWorkNotSplitRunsOnTheCallingThreadBeforeTheInitializerReturns() {
        let caller = pthread_self()
        let work = BackgroundWork(splitting: false) { pthread_equal(pthread_self(), caller) != 0 }
        XCTAssertTrue(work.result)
        let split = BackgroundWork(splitting: true) { pthread_equal(pthread_self(), caller) != 0 }
        XCTAssertFalse(split.result)
    }
}
