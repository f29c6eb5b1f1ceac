#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a link from the pager with `--open-links`: `xdg-open` (or `open` on macOS) run directly, without a
/// shell, its standard streams on /dev/null so it cannot draw over the screen. The manifest is untrusted, so
/// only an absolute http or https URL without spaces or control characters is ever passed on.
enum LinkOpener {
    /// The program that opens links.
    #if canImport(Darwin)
    static let program = "open"
    #else
    static let program = "xdg-open"
    #endif

    /// Whether `url` may be handed to the opener: http(s), a host, nothing a program could take for an option.
    static func isOpenable(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        guard let rest = lower.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first,
              !rest.isEmpty else { return false }
        return !url.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || $0.properties.generalCategory == .format }
    }

    /// Starts the opener on `url` and reports whether it started (it is not waited for).
    static func open(_ url: String) -> Bool {
        guard isOpenable(url) else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(url)]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, nil, arguments + [nil], environ)
        return status == 0
    }
}
