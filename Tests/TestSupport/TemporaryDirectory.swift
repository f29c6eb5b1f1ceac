import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A directory of its own for one test, removed when the test ends; files, links and FIFOs are made by
/// path relative to it.
public final class TemporaryDirectory {
    public let url: URL
    public var path: String { url.path }

    public init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The absolute path of `relative`.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes a file (its directories created), with `mode` when given.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8], mode: Int? = nil) throws -> String {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: full) }
        return full
    }

    @discardableResult
    public func write(_ relative: String, _ text: String, mode: Int? = nil) throws -> String {
        try write(relative, Array(text.utf8), mode: mode)
    }

    /// Makes `relative` a symbolic link to `target` (taken as written).
    public func symlink(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
    }

    public func mkfifo(_ relative: String) throws {
        guard Glibc.mkfifo(path(relative), 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    public func mkdir(_ relative: String, mode: Int = 0o755) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: mode])
    }

    /// Gives `relative` (not what it links to) to another user and group.
    public func chown(_ relative: String, uid: UInt32, gid: UInt32) throws {
        guard lchown(path(relative), uid, gid) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    public func chmod(_ relative: String, _ mode: Int) throws {
        guard Glibc.chmod(path(relative), mode_t(mode)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    public func exists(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(relative), &info) == 0
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// The names in `relative` ("" for the directory itself), sorted.
    public func names(in relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : path(relative)).sorted()
    }
}
