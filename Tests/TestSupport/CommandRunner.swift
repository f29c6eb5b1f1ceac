import Foundation

/// What a run of the built binary printed and how it exited.
public struct CommandResult: Sendable {
    public let stdout: String
    public let stderr: String
    public let status: Int32
}

/// Runs the built `whatsnew` binary as a user would.
public enum CommandRunner {
    public static func run(_ arguments: [String], in directory: URL? = nil, stdin: Data? = nil,
                           environment: [String: String] = [:], terminal: PseudoTerminal? = nil) throws -> CommandResult {
        try run(executable: Paths.binary, arguments, in: directory, stdin: stdin, environment: environment, terminal: terminal)
    }

    /// Runs another program (`python3`, `setpriv`, …; see `which`).
    ///
    /// With `terminal`, the program's standard output is that pseudo-terminal instead of a pipe, as when a user
    /// runs it in a terminal, and `stdout` is what the terminal received. A terminal serves one run.
    public static func run(executable: URL, _ arguments: [String], in directory: URL? = nil, stdin: Data? = nil,
                           environment: [String: String] = [:], terminal: PseudoTerminal? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["COLUMNS"] = nil
        // The terminal the suite runs in does not decide about hyperlinks (see TerminalCapabilities.detect).
        for name in ["FORCE_HYPERLINK", "TMUX", "STY", "TERM_PROGRAM", "VTE_VERSION", "KONSOLE_VERSION", "WT_SESSION", "KITTY_WINDOW_ID"] {
            env[name] = nil
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        if let terminal {
            precondition(terminal.secondary >= 0, "a PseudoTerminal serves one run")
            process.standardOutput = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        process.standardInput = input
        try process.run()
        // The program has its own descriptor of the terminal now: reading ends when it exits.
        terminal?.closeSecondary()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a full pipe never blocks the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = terminal?.readToEnd() ?? out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandResult(stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self), status: process.terminationStatus)
    }

    /// The program `name` on `PATH`, as a shell would find it, or nil.
    public static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
