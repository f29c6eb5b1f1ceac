/// A command line of long options, flags and positional arguments, read without the argument parser's
/// reflection (see `ShowCommand.quick`): only the forms the argument parser reads the same way, so that a
/// command built from it equals the one the argument parser builds; nil for anything else (short options,
/// `--`, an unknown or repeated option, a value that looks like an option), which the argument parser then reads.
struct QuickArguments {
    private(set) var positionals: [String] = []
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []

    /// Reads `arguments`: `options` take a value (`--name value` or `--name=value`), `flags` none (`--name`).
    init?(_ arguments: [String], options: Set<String>, flags knownFlags: Set<String>) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--"), argument != "--" else { return nil }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if options.contains(name) {
                let value: String
                if parts.count == 2 {
                    value = String(parts[1])
                } else {
                    guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
                    value = arguments[index]
                    index += 1
                }
                guard values.updateValue(value, forKey: name) == nil else { return nil }
            } else if knownFlags.contains(name), parts.count == 1 {
                guard flags.insert(name).inserted else { return nil }
            } else {
                return nil
            }
        }
    }

    /// The value of an option that takes a whole number: `.some(nil)` when it is absent, nil when it is not a number.
    func integer(_ name: String) -> Int?? {
        guard let text = values[name] else { return .some(nil) }
        guard let number = Int(text) else { return nil }
        return .some(number)
    }
}
