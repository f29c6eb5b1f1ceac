#if WHATSNEW_FUZZ
import CFuzzerDriver

/// Hands the process to libFuzzer, which parses its own options from the command line.
enum FuzzerDriver {
    static func run() -> Int32 {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in whatsNewFuzzOneInput(data, size) }
    }
}
#endif
