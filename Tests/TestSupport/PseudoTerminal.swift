import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal: what standard output is when a user runs a program in a terminal. What shows release
/// notes only on a terminal (`whatsnew show`, `WhatsNewPresenter.present` with its default silence rules) is
/// tested on one: in the test's own process (`secondary` put on descriptor 1), or in a program that
/// `CommandRunner.run(…, terminal:)` starts with its standard output on it.
///
/// Output processing is off, so a program's "\n" reads back as "\n" (a terminal would show "\r\n").
public final class PseudoTerminal {
    /// The side the test reads: what the terminal would display.
    public let primary: Int32
    /// The side a program writes to, as its standard output; -1 once `closeSecondary()` closed it.
    public private(set) var secondary: Int32

    /// A new pseudo-terminal; nil when the system has none to give (a test then skips).
    public init?() {
        // posix_openpt and friends are not in Swift's Glibc module: /dev/ptmx with Linux's ioctls (TIOCSPTLCK, TIOCGPTN).
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard primary >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(primary, 0x4004_5431, &unlock) == 0, ioctl(primary, 0x8004_5430, &number) == 0 else {
            close(primary)
            return nil
        }
        let secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard secondary >= 0 else {
            close(primary)
            return nil
        }
        var settings = termios()
        if tcgetattr(secondary, &settings) == 0 {
            settings.c_oflag &= ~tcflag_t(OPOST)
            _ = tcsetattr(secondary, TCSANOW, &settings)
        }
        self.primary = primary
        self.secondary = secondary
    }

    deinit {
        closeSecondary()
        close(primary)
    }

    /// Closes this process's descriptor of the secondary side: once every program writing to it has exited
    /// too, `readToEnd()` returns.
    public func closeSecondary() {
        if secondary >= 0 { close(secondary) }
        secondary = -1
    }

    /// Everything written to the terminal until no one has the secondary side open (Linux then reports EIO).
    public func readToEnd() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}
