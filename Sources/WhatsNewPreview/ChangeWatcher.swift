import ServiceLifecycle
import WhatsNewCore

/// Looks at the watched files every `pollInterval` (their fingerprints: a save by rename gives a new inode, an
/// edit a new size or time), reads the inputs again when one changed, and tells every open page. Polling works
/// on every file system and needs no descriptor per file; at 150 ms an edit is on the page well within a second.
struct ChangeWatcher: Service {
    let state: PreviewState
    let broadcaster: ChangeBroadcaster

    func run() async throws {
        try? await cancelWhenGracefulShutdown { try await watch() }
        broadcaster.finish()
    }

    private func watch() async throws {
        var watched = state.snapshot.watched
        var seen = WatchedFiles.fingerprints(of: watched)
        while !Task.isCancelled {
            try await Task.sleep(for: state.options.pollInterval)
            let now = WatchedFiles.fingerprints(of: watched)
            guard now != seen else { continue }
            let snapshot = state.reload()
            seen = snapshot.watched == watched ? now : WatchedFiles.fingerprints(of: snapshot.watched)
            watched = snapshot.watched
            broadcaster.publish(snapshot.generation)
        }
    }
}
