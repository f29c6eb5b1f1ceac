import Threads

/// The last rendering of each frame (a view with its choices), with the generation it was made from, so that
/// the next one can be sent as a `FramePatch` against it.
final class FrameCache: Sendable {
    /// How many frames are kept (a few views are open at a time).
    static let capacity = 16

    private let frames = Locked<[String: (generation: Int, text: String)]>([:])

    func text(for key: String, generation: Int) -> String? {
        frames.withLock { $0[key].flatMap { $0.generation == generation ? $0.text : nil } }
    }

    func store(_ text: String, for key: String, generation: Int) {
        frames.withLock { frames in
            if frames[key] == nil, frames.count >= Self.capacity, let oldest = frames.min(by: { $0.value.generation < $1.value.generation }) {
                frames.removeValue(forKey: oldest.key)
            }
            frames[key] = (generation, text)
        }
    }
}
