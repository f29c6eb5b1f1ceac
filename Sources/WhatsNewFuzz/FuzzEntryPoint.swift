import Foundation

/// libFuzzer's entry point: every input runs through the whole pipeline, once as YAML and once as strict JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func whatsNewFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzPipeline.run(bytes)
    return 0
}

/// Built by `make fuzz` (`-sanitize=fuzzer,address -DWHATSNEW_FUZZ`), the binary is libFuzzer and takes its
/// options. A plain `swift build` makes it a replay tool instead: `WhatsNewFuzz FILE…` runs each file through
/// the same pipeline and prints what came of it, to reproduce a finding without the fuzzer.
@main
enum WhatsNewFuzz {
    static func main() {
        #if WHATSNEW_FUZZ
        exit(FuzzerDriver.run())
        #else
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            FileHandle.standardError.write(Data("usage: WhatsNewFuzz FILE…  ('make fuzz' builds the fuzzer)\n".utf8))
            exit(64)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("WhatsNewFuzz: cannot read '\(path)'\n".utf8))
                exit(74)
            }
            print("\(path): \(FuzzPipeline.run(Array(data)))")
        }
        #endif
    }
}
