import Hummingbird
import Logging
import NIOCore
import Threads
import WhatsNewCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `whatsnew preview`: reads the inputs, serves every output on `options.host`, and follows the files until
/// SIGINT or SIGTERM. Its first line of standard output is `Preview: http://ADDRESS:PORT/`.
package struct PreviewServer: Sendable {
    package let options: PreviewOptions
    /// Called with the page's address once the server listens (`--open` opens it).
    package var onListening: @Sendable (String) -> Void = { _ in }

    package init(options: PreviewOptions) {
        self.options = options
    }

    /// Whether `host` is a loopback address, which is what the preview binds unless told otherwise.
    package static func isLoopback(_ host: String) -> Bool {
        HostCheck.isLoopback(host)
    }

    /// The inputs, or the `--template` file, could not be read at all when the preview started (a missing file).
    package struct UnreadableInputs: Error, Sendable {
        /// The problems, as `validate` prints them.
        package let report: String
    }

    /// The address could not be listened on (in use, not this machine's, a port below 1024).
    package struct CannotListen: Error, Sendable {
        /// The system's words, e.g. "Address already in use".
        package let reason: String
    }

    /// Runs until SIGINT or SIGTERM. `onFirstReading` is given the problems of the first reading, as `validate`
    /// prints them (empty without any); throws `UnreadableInputs` when an input cannot be read then, and the
    /// server's error when the address cannot be listened on.
    package func run(onFirstReading: @Sendable (String) -> Void = { _ in }) async throws {
        let state = PreviewState(options: options)
        let snapshot = state.reload()
        let report = snapshot.problems.joined() + (snapshot.summary.map { $0 + "\n" } ?? "")
        if snapshot.unreadable && snapshot.manifest == nil || snapshot.templateUnreadable { throw UnreadableInputs(report: report) }
        onFirstReading(report)

        let broadcaster = ChangeBroadcaster()
        let hostCheck = Locked<HostCheck?>(nil)
        let responder = PreviewResponder(state: state, broadcaster: broadcaster, hostCheck: hostCheck)
        var logger = Logger(label: "whatsnew-preview")
        logger.logLevel = .critical
        let host = options.host
        let announce = onListening
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: options.port), serverName: nil),
            services: [ChangeWatcher(state: state, broadcaster: broadcaster)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let check = HostCheck(boundHost: host, port: port)
                hostCheck.withLock { $0 = check }
                let address = "http://\(check.canonical)/"
                print("Preview: \(address)")
                fflush(nil)
                announce(address)
            },
            logger: logger
        )
        do {
            try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch let error as NIOCore.IOError {
            throw CannotListen(reason: String(cString: strerror(error.errnoCode)))
        }
    }
}
