import YAMLTree

/// The entry point of the library: reads inputs, checks them and reports to one diagnostic engine.
public struct Compiler: Sendable {
    public var readOptions: ReadOptions

    public init(readOptions: ReadOptions = ReadOptions()) {
        self.readOptions = readOptions
    }

    /// Reads and checks every input, reporting all problems to `engine`; throws only when an input
    /// cannot be read at all.
    public func validate(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) {
        for input in inputs {
            _ = try InputLoader.load(input, options: readOptions, engine: engine)
        }
    }

    /// The tree of one input, one node per line with its range (see `YAMLNode.dump`), or nil when it
    /// could not be read (the problems go to `engine`).
    public func dumpTree(_ input: String, positions: Bool, engine: DiagnosticEngine) throws(IOError) -> String? {
        var output = ""
        for loaded in try InputLoader.load(input, options: readOptions, engine: engine) {
            guard let root = loaded.root else { continue }
            output += root.dump(positions: positions)
        }
        return engine.hasErrors ? nil : output
    }
}
