import WhatsNewCore

/// After a successful run: donates `event` and prints the tip that is due, if any (its display recorded), as
/// `whatsnew tip donate EVENT` then `whatsnew tip show` do on the same state file. Returns the exit code.
func donateAndShowTip(manifestPath: String, event: String, stateFile: String) -> Int32 {
    let engine = DiagnosticEngine()
    guard let manifest = try? Compiler().load([manifestPath], engine: engine), !engine.hasErrors else {
        printError(TextDiagnosticPrinter().render(engine))
        return 1
    }
    do {
        let store = FileStateStore(path: stateFile)
        try store.donate(event)
        if let card = try TipPresenter(manifest: manifest, store: store).show().card {
            print("💡 \(card.title)")
            if let message = card.message { print("   \(message)") }
        }
        return 0
    } catch {
        printError("whatsnew: error: \(error)\n")
        return 74
    }
}
