/// Which tips `whatsnew tip show` and `TipPresenter.show` choose from.
public enum TipScope: Sendable, Hashable {
    /// Every tip of the manifest.
    case all
    /// The tips of one group, in its order (`--group`).
    case group(String)
    /// One tip: an id as written, or an instance's id (`new-trail-Alps`).
    case tip(String)
}
