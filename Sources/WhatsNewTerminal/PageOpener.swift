/// Opens a web address in the user's browser (`whatsnew preview --open`), as `show` opens a note's link.
package enum PageOpener {
    /// Whether the opener could be started for `url` (an http or https address).
    package static func open(_ url: String) -> Bool {
        LinkOpener.isOpenable(url) && LinkOpener.open(url)
    }
}
