#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// Where an app's state file lives: `$XDG_STATE_HOME/whatsnew/<app-id>.json`, else
/// `$HOME/.local/state/whatsnew/<app-id>.json`.
package enum StateLocation {
    /// The longest app id, in UTF-8 bytes, that still leaves room for `.json.lock` in a file name.
    package static let maxAppIDBytes = 200

    /// Looks up an environment variable of this process.
    package static let processEnvironment: @Sendable (String) -> String? = { name in
        getenv(name).map { String(cString: $0) }
    }

    /// The state file of `appID`. Throws when the id cannot be a file name or no base directory is known.
    /// `XDG_STATE_HOME` counts only when it is an absolute path (as the XDG Base Directory spec says).
    package static func defaultPath(appID: String, environment: (String) -> String? = processEnvironment) throws(StateLocationError) -> String {
        try check(appID: appID)
        guard let base = baseDirectory(environment: environment) else {
            throw StateLocationError("cannot locate the state directory: neither XDG_STATE_HOME (an absolute path) nor HOME is set; "
                                     + "expected one of them, or a path given with --state-file")
        }
        return base + "/whatsnew/" + appID + ".json"
    }

    /// This device's id file, `<base>/whatsnew-device/id`: beside the `whatsnew` state folder, not in it, so a
    /// sync tool syncing that folder (or a state file anywhere else) never shares it. Nil with no base known.
    package static func deviceIDPath(environment: (String) -> String? = processEnvironment) -> String? {
        baseDirectory(environment: environment).map { $0 + "/whatsnew-device/id" }
    }

    /// `$XDG_STATE_HOME` when it is an absolute path (as the XDG Base Directory spec says), else
    /// `$HOME/.local/state`; without a trailing slash.
    package static func baseDirectory(environment: (String) -> String?) -> String? {
        let base: String
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            base = state
        } else if let home = environment("HOME"), !home.isEmpty {
            base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state"
        } else {
            return nil
        }
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }

    /// Throws unless `appID` is safe as a file name: not empty, no `/`, no `..`, no leading `.`, no
    /// control or bidirectional-override characters, at most `maxAppIDBytes` bytes, and not a name that a sync
    /// tool's conflict copy of another app's state would have (`ConflictCopies`).
    package static func check(appID: String) throws(StateLocationError) {
        let shown = "'\(TerminalSafeText.visible(appID))'"
        let problem: String? =
            if appID.isEmpty { "is empty" }
            else if appID.contains("/") { "contains '/'" }
            else if appID.contains("..") { "contains '..'" }
            else if appID.hasPrefix(".") { "starts with '.'" }
            else if appID.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) { "contains a control character" }
            else if appID.utf8.count > maxAppIDBytes { "is longer than \(maxAppIDBytes) bytes" }
            else if ConflictCopies.looksLikeCopy(stem: appID) { "looks like a sync tool's conflict copy of another app's state file" }
            else { nil }
        if let problem {
            throw StateLocationError("invalid app id \(shown): it \(problem); expected a name such as 'com.example.app' "
                                     + "that can be a file name")
        }
    }
}

/// The state file cannot be located: a bad or missing app id, or no base directory (a usage error, 64).
/// Why the state file has no default location: no home directory, or an app id that cannot name a file.
public struct StateLocationError: Error, Sendable, CustomStringConvertible {
    public let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
