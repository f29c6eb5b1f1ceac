/// Tells LeakSanitizer (`make test-asan`) not to check the XCTest runner process itself at exit: on Linux,
/// swift-corelibs-xctest keeps every XCTestCase in a retain cycle with its XCTestCaseRun, and Foundation leaves
/// weak-reference side tables behind, so the runner always "leaks" every test case and all it holds (about 130 KB
/// in 1,500 objects, none of it whatsnew's). Every `whatsnew` process the tests start is still checked: a leak
/// there fails its test through the exit code. AddressSanitizer's other checks stay on in the runner. Without
/// LeakSanitizer nothing calls this.
@_cdecl("__lsan_is_turned_off")
public func lsanIsTurnedOff() -> Int32 {
    1
}
