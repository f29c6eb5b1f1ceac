#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal while the sheet or the pager runs, and the one place that changes its state: raw mode
/// (saved and restored with termios), the cursor hidden, autowrap off, the alternate screen (the pager), keys
/// read with their escape sequences, and the signals that concern a full-screen program.
///
/// `close()` (also run by `deinit`) restores everything, so a `defer` covers a normal return and a thrown
/// error. Signals reach the event loop through a pipe (the handler only writes the signal's number to it):
/// SIGINT, SIGTERM and SIGHUP end the run (`interrupted`, the caller restores and exits 128+n); SIGTSTP is
/// `suspending` (the caller erases what it drew, then `suspend()` restores and stops the process for real);
/// SIGCONT is `continued` (`resume()` takes the terminal again, the caller redraws); SIGWINCH is `resized`.
package final class TerminalSession {
    package enum Event: Equatable {
        case key(Navigation.Key)
        case resized
        case suspending
        case continued
        case interrupted(signal: Int32)
    }

    package let input: Int32
    package let output: Int32
    private let usesAlternateScreen: Bool
    private var saved = termios()
    private var isRaw = false
    private var isClosed = false
    private var pipeEnds: [Int32] = [-1, -1]
    private var previousHandlers: [(Int32, sighandler_t?)] = []
    private var bytes: [UInt8] = []
    private var pendingSignals: [Int32] = []

    /// How long the rest of an escape sequence may take to arrive before an ESC counts as the Esc key.
    static let escapeTimeout: Int32 = 50

    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

    /// Takes the terminal: `input` into raw mode, `output` into the alternate screen when asked.
    package init(input: Int32 = 0, output: Int32 = 1, alternateScreen: Bool) throws(TerminalError) {
        self.input = input
        self.output = output
        self.usesAlternateScreen = alternateScreen
        guard tcgetattr(input, &saved) == 0 else { throw TerminalError("cannot read the terminal's settings") }
        guard pipe(&pipeEnds) == 0 else { throw TerminalError("cannot create a pipe for signals") }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        signalPipeWriteEnd = pipeEnds[1]
        for number in Self.signals { previousHandlers.append((number, signal(number, forwardSignal))) }
        takeTerminal()
    }

    deinit { close() }

    /// Restores the terminal as it was and the signals' handlers; idempotent.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        releaseTerminal()
        for (number, handler) in previousHandlers { signal(number, handler) }
        signalPipeWriteEnd = -1
        for end in pipeEnds where end >= 0 { closeDescriptor(end) }
    }

    /// The terminal's size in rows and columns (24×80 when it does not say).
    package func size() -> (rows: Int, columns: Int) {
        Self.size(of: output)
    }

    /// The size of the terminal `descriptor` is on (24×80 when it does not say).
    package static func size(of descriptor: Int32) -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Writes all of `text` to the output.
    package func write(_ text: String) {
        Self.write(Array(text.utf8), to: output)
    }

    /// Writes all of `bytes` to `descriptor`, through interruptions and short writes.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = writeBytes(descriptor, base + offset, raw.count - offset)
                if written < 0, errno == EINTR || errno == EAGAIN { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Stops the process as SIGTSTP would (the terminal restored first), and takes the terminal again once
    /// it continues. The caller erased what it drew before, and redraws after.
    func suspend() {
        releaseTerminal()
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        // Running again: SIGCONT has been delivered; its note in the pipe is this resumption's own.
        signal(SIGTSTP, forwardSignal)
        for number in readSignals() where number != SIGCONT { pendingSignals.append(number) }
        takeTerminal()
    }

    /// Takes the terminal again after the process was stopped and continued by someone else (SIGSTOP): the
    /// shell set its own modes meanwhile.
    func resume() {
        takeTerminal()
    }

    /// Waits for the next key or signal.
    func nextEvent() throws(TerminalError) -> Event {
        while true {
            if !pendingSignals.isEmpty { return Self.event(for: pendingSignals.removeFirst()) }
            if !bytes.isEmpty, let key = decodeKey(final: false) {
                if let key { return .key(key) }
                continue
            }
            var descriptors = [pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0),
                               pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, bytes.isEmpty ? -1 : Self.escapeTimeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError("cannot wait for keys")
            }
            if ready == 0 {
                // The rest of an escape sequence did not come: a lone Esc.
                if let key = decodeKey(final: true), let key { return .key(key) }
                continue
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                pendingSignals += readSignals()
                continue
            }
            if descriptors[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var chunk = [UInt8](repeating: 0, count: 256)
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // The terminal is gone (end of input, or an error): as if it hung up.
                guard count > 0 else { return .interrupted(signal: SIGHUP) }
                bytes += chunk.prefix(count)
            }
        }
    }

    // MARK: Private

    /// Decodes a key from the front of the buffer: `.some(key)` consumed (nil: bytes that mean nothing), or
    /// nil when the bytes so far start a sequence that may go on.
    private func decodeKey(final: Bool) -> Navigation.Key?? {
        guard !bytes.isEmpty else { return nil }
        switch KeyDecoder.decode(bytes[...], final: final) {
        case .incomplete:
            return nil
        case .key(let key, let length):
            bytes.removeFirst(min(length, bytes.count))
            return .some(key)
        }
    }

    private func readSignals() -> [Int32] {
        var numbers: [Int32] = []
        var byte: UInt8 = 0
        while read(pipeEnds[0], &byte, 1) == 1 { numbers.append(Int32(byte)) }
        return numbers
    }

    private static func event(for number: Int32) -> Event {
        switch number {
        case SIGWINCH: return .resized
        case SIGTSTP: return .suspending
        case SIGCONT: return .continued
        default: return .interrupted(signal: number)
        }
    }

    /// Raw mode (no line editing, no echo; Ctrl-C and Ctrl-Z still send their signals), the cursor hidden,
    /// autowrap off (a line too long is cut, never wrapped into the next row), the alternate screen.
    private func takeTerminal() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        _ = tcsetattr(input, TCSADRAIN, &raw)
        isRaw = true
        write((usesAlternateScreen ? "\u{1B}[?1049h\u{1B}[H\u{1B}[2J" : "") + "\u{1B}[?25l\u{1B}[?7l")
    }

    private func releaseTerminal() {
        guard isRaw else { return }
        isRaw = false
        write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h" + (usesAlternateScreen ? "\u{1B}[?1049l" : ""))
        _ = tcsetattr(input, TCSADRAIN, &saved)
    }
}

/// Why the terminal could not be used for the sheet or the pager.
package struct TerminalError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Where the signal handler writes: the pipe of the one session that runs (or -1).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Writes the signal's number into the session's pipe; nothing else (write(2) is async-signal-safe).
private let forwardSignal: @convention(c) (Int32) -> Void = { number in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
