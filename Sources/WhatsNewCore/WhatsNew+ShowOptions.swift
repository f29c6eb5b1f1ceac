import WhatsNewState
import WhatsNewTerminal

extension WhatsNew {
    /// What `WhatsNew.show` may do other than `whatsnew show`'s defaults; every property is optional.
    public struct ShowOptions: Sendable {
        /// How to show the notes; nil for `WHATSNEW_SHOW_MODE`, else `inline`.
        public var mode: ShowMode?
        /// The locale of the texts, e.g. `de`; nil for the manifest's default.
        public var locale: String?
        /// Every version newer than the newest one seen, up to the current one (`--catch-up`).
        public var catchUp: Bool
        /// The app id that names the state file; nil for the manifest's `app.id`.
        public var appID: String?
        /// The state file itself, instead of the app id's file in the default location.
        public var stateFile: String?

        public init(mode: ShowMode? = nil, locale: String? = nil, catchUp: Bool = false, appID: String? = nil, stateFile: String? = nil) {
            self.mode = mode
            self.locale = locale
            self.catchUp = catchUp
            self.appID = appID
            self.stateFile = stateFile
        }

        /// The state file of these options, else of `manifestAppID` in the default location.
        package func store(manifestAppID: String?) throws(WhatsNewError) -> FileStateStore {
            if let stateFile { return FileStateStore(path: stateFile) }
            guard let appID = appID ?? manifestAppID else {
                throw WhatsNewError(.usage, "no app id to name the state file; expected 'app.id' in the manifest, or ShowOptions' appID or stateFile")
            }
            do {
                return FileStateStore(path: try StateLocation.defaultPath(appID: appID))
            } catch {
                throw WhatsNewError(.usage, error.message)
            }
        }
    }
}
