import YAMLTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SourceText
import WhatsNewIO
import WhatsNewModel
import WhatsNewText

/// The transient parameters of the command line (`whatsnew tip param NAME VALUE --transient`, TipKit's
/// transient parameters): values that last one run of the host app. Each `whatsnew` is a process of its
/// own, so "one run" is a session: `WHATSNEW_TIPS_SESSION` when set, else the parent process (the shell
/// script or program that runs `whatsnew`), by its id and start time. They are kept beside the state file
/// in `<state file>.transient` (JSON: the session and the values, written atomically under a lock), never
/// in the state, so they never sync; values of another session read as none. (The library takes them as a
/// value instead: `TipEngine.transientParameters`.)
package struct TransientParameterFile: Sendable {
    package let path: String
    package let session: String

    package init(statePath: String, session: String = TransientParameterFile.currentSession()) {
        path = statePath + ".transient"
        self.session = session
    }

    /// This session's values; none when the file is missing, unreadable or another session's.
    package func read() -> [String: ParameterValue] {
        // The state file's checks: a private directory, a regular file not reached through a link.
        guard (try? FileSystem.checkPrivateDirectoryIfPresent(FileSystem.directoryName(of: path))) == true,
              let bytes = try? FileSystem.readIfPresent(path, limit: 1 << 20) else { return [:] }
        let file = SourceFile(name: path, contents: bytes, format: .json)
        guard let root = YAMLParser.parse(file, format: .json).root, root["session"]?.scalar?.text == session,
              let pairs = root["parameters"]?.mapping else { return [:] }
        var values: [String: ParameterValue] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar?.text, let scalar = pair.value.scalar else { continue }
            switch scalar.kind {
            case .bool: values[name] = scalar.boolValue.map(ParameterValue.bool)
            case .int, .float: values[name] = scalar.doubleValue.flatMap { $0.isFinite ? .number($0) : nil }
            default: values[name] = .string(scalar.text)
            }
        }
        return values
    }

    /// Sets one value for this session (values of another session are dropped).
    package func set(_ name: String, to value: ParameterValue) throws(IOError) {
        let directory = FileSystem.directoryName(of: path)
        try FileSystem.createDirectories(directory)
        try FileSystem.checkPrivateDirectory(directory)
        try FileSystem.withExclusiveLock(path + ".lock") { () throws(IOError) in
            var values = read()
            values[name] = value
            let members = values.sorted { $0.key < $1.key }.map { (key: $0.key, value: Self.json($0.value)) }
            let document = JSONValue.object([(key: "session", value: .string(session)), (key: "parameters", value: .object(members))])
            try FileSystem.writeAtomically(Array((document.pretty + "\n").utf8), to: path, mode: 0o600)
        }
    }

    private static func json(_ value: ParameterValue) -> JSONValue {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        }
    }

    /// `WHATSNEW_TIPS_SESSION`, else the parent process's id and (where `/proc` tells it) start time.
    package static func currentSession(environment: (String) -> String? = StateLocation.processEnvironment) -> String {
        if let session = environment("WHATSNEW_TIPS_SESSION"), !session.isEmpty { return session }
        let parent = getppid()
        var start = ""
        if let stat = try? FileSystem.readIfPresent("/proc/\(parent)/stat", limit: 4096) {
            // The 22nd field, after the command in parentheses (which may hold spaces).
            let text = String(decoding: stat, as: UTF8.self)
            if let close = text.lastIndex(of: ")") {
                let fields = text[text.index(after: close)...].split(separator: " ")
                if fields.count > 19 { start = ":" + fields[19] }
            }
        }
        return "parent:\(parent)\(start)"
    }
}
