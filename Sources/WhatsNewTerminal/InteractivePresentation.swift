#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewRender
import WhatsNewText

/// Runs the sheet or the pager on a terminal until the user dismisses or a signal ends the run: lays the
/// notes out at the terminal's width (`ANSIEmitter.pages`), drives `Navigation` with the keys, draws what it
/// says (`SheetScreen`, `PagerScreen`), and lays out again on a resize, keeping the same text at the top.
package struct InteractivePresentation {
    package enum Outcome: Equatable {
        /// The user dismissed; `links` are the links asked for and not opened, to print once the screen is left.
        case dismissed(links: [String])
        /// A signal ended the run (SIGINT, SIGTERM, SIGHUP, or the terminal went away).
        case interrupted(signal: Int32)
    }

    package var notes: ReleaseNotes
    package var capabilities: TerminalCapabilities
    /// `.sheet` or `.pager`.
    package var mode: ShowMode
    package var maxHeight: Int?
    package var opensLinks: Bool
    package var input: Int32 = 0
    package var output: Int32 = 1

    /// The title in the header or border: "Trails — What's new".
    package var title: String {
        TerminalSafeText.visible(notes.appName.map { "\($0) — What's new" } ?? "What's new")
    }

    /// Whether the notes fit the sheet at the terminal's size without scrolling (`auto` picks the sheet then).
    package static func notesFitSheet(_ notes: ReleaseNotes, capabilities: TerminalCapabilities, maxHeight: Int?, output: Int32 = 1) -> Bool {
        let (rows, columns) = TerminalSession.size(of: output)
        let sheet = SheetScreen(title: "", rows: rows, columns: columns, maxHeight: maxHeight)
        let page = ANSIEmitter(capabilities: capabilities, width: sheet.layoutWidth).pages(notes, pushingPresentPages: false)
        return sheet.fits(lineCount: page.lines.count)
    }

    package func run() throws(TerminalError) -> Outcome {
        let session = try TerminalSession(input: input, output: output, alternateScreen: mode == .pager)
        defer { session.close() }
        var screen = Screen(presentation: self, size: session.size())
        var navigation = Navigation(root: screen.root.navigationPage, viewportHeight: screen.viewportHeight)
        var status: String?
        var links: [String] = []
        session.write(screen.reserve)
        session.write(screen.frame(navigation, status: status))
        while true {
            switch try session.nextEvent() {
            case .key(let key):
                let hadStatus = status != nil
                status = nil
                let event = mode == .pager ? Navigation.event(for: key) : Navigation.sheetEvent(for: key)
                switch event.flatMap({ navigation.handle($0) }) {
                case .redraw?:
                    session.write(screen.frame(navigation, status: status))
                case .openURL(let url)?:
                    if opensLinks {
                        let shown = TerminalSafeText.visible(url)
                        status = LinkOpener.open(url) ? "Opened \(shown)" : "Could not open with \(LinkOpener.program): \(shown)"
                    } else {
                        if !links.contains(url) { links.append(url) }
                        status = "Link (printed when you close): \(TerminalSafeText.visible(url))"
                    }
                    session.write(screen.frame(navigation, status: status))
                case .dismissed?:
                    session.write(screen.erase)
                    return .dismissed(links: links)
                case nil:
                    if hadStatus { session.write(screen.frame(navigation, status: status)) }
                }
            case .resized:
                session.write(screen.erase)
                let old = screen
                screen = Screen(presentation: self, size: session.size())
                let path = navigation.stack.dropFirst().compactMap(\.pushedBy)
                navigation.relayout(root: screen.root.navigationPage, viewportHeight: screen.viewportHeight) { depth, top in
                    guard let before = old.root.page(at: Array(path.prefix(depth))),
                          let after = screen.root.page(at: Array(path.prefix(depth))) else { return top }
                    return after.line(atText: before.textPosition(ofLine: top))
                }
                session.write(screen.reserve)
                session.write(screen.frame(navigation, status: status))
            case .suspending:
                session.write(screen.erase)
                session.suspend()
                session.write(screen.reserve)
                session.write(screen.frame(navigation, status: status))
            case .continued:
                // Stopped and continued by someone else: the shell had the terminal meanwhile.
                session.resume()
                session.write(screen.reserve)
                session.write(screen.frame(navigation, status: status))
            case .interrupted(let signal):
                session.write(screen.erase)
                return .interrupted(signal: signal)
            }
        }
    }

    /// The notes laid out for one terminal size, and the frames of the mode.
    private struct Screen {
        let root: LaidOutPage
        let sheet: SheetScreen?
        let pager: PagerScreen?

        init(presentation: InteractivePresentation, size: (rows: Int, columns: Int)) {
            if presentation.mode == .pager {
                let pager = PagerScreen(title: presentation.title, rows: size.rows, columns: size.columns)
                self.pager = pager
                self.sheet = nil
                root = ANSIEmitter(capabilities: presentation.capabilities, width: pager.layoutWidth).pages(presentation.notes, pushingPresentPages: true)
            } else {
                let sheet = SheetScreen(title: presentation.title, rows: size.rows, columns: size.columns, maxHeight: presentation.maxHeight)
                self.sheet = sheet
                self.pager = nil
                root = ANSIEmitter(capabilities: presentation.capabilities, width: sheet.layoutWidth).pages(presentation.notes, pushingPresentPages: false)
            }
        }

        var viewportHeight: Int {
            sheet?.viewportHeight(lineCount: root.lines.count) ?? pager?.viewportHeight ?? 1
        }

        /// Makes room for the sheet; nothing for the pager, which has the whole screen.
        var reserve: String { sheet?.reserve(lineCount: root.lines.count) ?? "" }

        /// Erases the sheet; the pager's screen goes when the alternate screen is left.
        var erase: String { sheet?.erase ?? "" }

        func frame(_ navigation: Navigation, status: String?) -> String {
            if let sheet { return sheet.frame(page: root, offset: navigation.current.offset) }
            let path = navigation.stack.dropFirst().compactMap(\.pushedBy)
            guard let pager, let page = root.page(at: path) else { return "" }
            return pager.frame(page: page, entry: navigation.current, depth: navigation.stack.count - 1, status: status)
        }
    }

    package init(notes: ReleaseNotes, capabilities: TerminalCapabilities, mode: ShowMode, maxHeight: Int?, opensLinks: Bool, input: Int32 = 0, output: Int32 = 1) {
        self.notes = notes
        self.capabilities = capabilities
        self.mode = mode
        self.maxHeight = maxHeight
        self.opensLinks = opensLinks
        self.input = input
        self.output = output
    }
}
