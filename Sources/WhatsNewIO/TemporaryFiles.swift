#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Threads

/// Removes the temporary file of the atomic write in progress when the process is ended by SIGTERM, SIGHUP
/// or SIGINT (a CI job cancelled while `compile` writes a large page), then ends it as the signal would have.
///
/// The handler may only do what is safe in a signal handler: it reads the name and its directory's descriptor
/// from one of two fixed slots (one published by `current`, the other filled by the next `remember`) and calls `unlinkat`,
/// `signal` and `raise`. The handlers are installed once, only for signals whose disposition is still the
/// default (a host app's own handler, or an ignored SIGHUP under `nohup`, is left alone). One file is
/// tracked: the most recently begun (whatsnew writes its outputs one after another).
enum TemporaryFiles {
    private static let capacity = Int(PATH_MAX) + 1
    /// Two path buffers, `capacity` bytes each.
    nonisolated(unsafe) private static let buffers = UnsafeMutablePointer<CChar>.allocate(capacity: 2 * capacity)
    /// The directory descriptor of each buffer's name.
    nonisolated(unsafe) private static let directories = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
    /// 0: no file; 1 or 2: the file named in buffer 0 or 1.
    private static let current = Atomic<Int>(0)
    /// Serializes `remember` and `forget` (the handler never takes it).
    private static let writers = Locked(false)

    /// Installs the handlers, once.
    static func installSignalHandlers() {
        writers.withLock { installed in
            guard !installed else { return }
            installed = true
            _ = current.load(ordering: .relaxed)
            buffers.initialize(repeating: 0, count: 2 * capacity)
            directories.initialize(repeating: AT_FDCWD, count: 2)
            for signal in [SIGTERM, SIGHUP, SIGINT] {
                var old = sigaction()
                guard sigaction(signal, nil, &old) == 0, old.__sigaction_handler.sa_handler == nil else { continue }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = handler
                sigemptyset(&action.sa_mask)
                sigaction(signal, &action, nil)
            }
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        let index = TemporaryFiles.current.load(ordering: .acquiring)
        if index != 0 { unlinkat(TemporaryFiles.directories[index - 1], TemporaryFiles.buffers + (index - 1) * TemporaryFiles.capacity, 0) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }

    /// Twelve random letters and digits for a temporary file's name.
    static func randomName() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in characters[Int(generator.next(upperBound: UInt(characters.count)))] })
    }

    /// Tracks `name`, in the directory `directory` (a descriptor its holder keeps open until `forget`), as the
    /// temporary file to remove on a signal.
    static func remember(_ name: String, in directory: Int32) {
        let bytes = Array(name.utf8)
        guard bytes.count < capacity else { return }
        writers.withLock { _ in
            let index = current.load(ordering: .relaxed) == 1 ? 2 : 1
            let buffer = buffers + (index - 1) * capacity
            for (offset, byte) in bytes.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            directories[index - 1] = directory
            current.store(index, ordering: .releasing)
        }
    }

    /// Stops tracking `path` (renamed into place, or removed).
    static func forget(_ path: String) {
        writers.withLock { _ in
            let index = current.load(ordering: .relaxed)
            guard index != 0, String(cString: buffers + (index - 1) * capacity) == path else { return }
            current.store(0, ordering: .releasing)
        }
    }
}
