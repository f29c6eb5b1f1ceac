#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's number in the process's file table: what a `SourceLocation` names its file by, so that a
/// location is three numbers, copied between values and threads without a reference to count.
package struct SourceFileID: Sendable, Hashable {
    package let rawValue: UInt32

    /// The number no file has (the table starts at 1 and skips it), for "no file" in a packed value.
    package static let none = SourceFileID(rawValue: 0)

    /// The file of this number, while something still holds it (the manifest read from it, a diagnostic,
    /// the tree); nil once it is gone.
    package var file: SourceFile? { SourceFileTable.shared.file(self) }
}

/// Every `SourceFile` alive in the process, by number. A file enters when it is made and leaves when it
/// goes; the table holds it weakly, so it never keeps a file (and its bytes) alive. Looking a file up takes
/// a lock, which is fine for what does it: a diagnostic's place, a link's position, a watched file's name.
final class SourceFileTable: @unchecked Sendable {
    static let shared = SourceFileTable()

    private struct Entry {
        weak var file: SourceFile?
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var entries: [UInt32: Entry] = [:]
    private var next: UInt32 = 1

    private init() { pthread_mutex_init(mutex, nil) }

    /// A number no living file has, for a file being made (which then `enter`s under it).
    func reserve() -> SourceFileID {
        locked {
            // After 2³² files the numbers start again, skipping those still in use.
            while entries[next] != nil || next == 0 { next &+= 1 }
            let number = next
            next &+= 1
            entries[number] = Entry(file: nil)
            return SourceFileID(rawValue: number)
        }
    }

    /// Enters a file under the number it reserved.
    func enter(_ file: SourceFile) {
        locked { entries[file.id.rawValue] = Entry(file: file) }
    }

    /// Forgets a file that is going.
    func remove(_ id: SourceFileID) {
        locked { _ = entries.removeValue(forKey: id.rawValue) }
    }

    func file(_ id: SourceFileID) -> SourceFile? {
        locked { entries[id.rawValue]?.file }
    }

    /// How many files are alive (for tests).
    var count: Int { locked { entries.count } }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
