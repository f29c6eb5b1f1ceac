// A command-line app that shows its users what is new, once per version, as `whatsnew show` does — without
// running whatsnew as a process. The example of docs/library.md: `swift build` builds it as
// WhatsNewEmbeddingExample, and DocumentationTests checks that it prints what `whatsnew show` prints.
//
// Usage: WhatsNewEmbeddingExample MANIFEST CURRENT-VERSION [--state-file FILE] [--width N]
//        WhatsNewEmbeddingExample --markdown MANIFEST      (Changelog.swift: the notes as Markdown)
//        WhatsNewEmbeddingExample --tip MANIFEST EVENT STATE-FILE  (Tips.swift: donate, then the tip due)
import WhatsNewCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows the notes of `current` the user has not seen yet, and records them; returns the exit code
/// `whatsnew show` would: 0 whether or not something was shown, 1 a broken manifest, 74 an unusable state.
func showWhatsNew(manifestPath: String, current: SemanticVersion, stateFile: String?, width: Int) -> Int32 {
    // Never in a pipe, and never when the user turned it off (WHATSNEW_DISABLE): a script reading the app's
    // output must not see release notes. present() keeps these rules itself; asking them first, as
    // `whatsnew show` does, spares reading the manifest when nothing will be shown.
    let silence = SilenceRules()
    if silence.reason != nil { return 0 }

    // Read and check the manifest; print its warnings and errors as whatsnew does.
    let engine = DiagnosticEngine()
    let manifest: Manifest?
    do {
        manifest = try Compiler().load([manifestPath], engine: engine)
    } catch {
        printError("whatsnew: error: \(error)\n")
        return 74
    }
    printError(TextDiagnosticPrinter(useColor: false).render(engine))
    guard let manifest, !engine.hasErrors else { return 1 }

    do {
        // The versions this user has seen: in a file of their own (default: under $XDG_STATE_HOME/whatsnew/).
        let store = try stateFile.map { FileStateStore(path: $0) } ?? FileStateStore(appID: manifest.app?.id ?? "com.example.trails")
        let presenter = WhatsNewPresenter(manifest: manifest, store: store, silence: silence)
        // Decide (WhatsNewKit's policy), render what to show, then record it.
        let outcome = try presenter.present(current: current) { entries, manifest in
            var shown = manifest
            shown.versions = entries
            let notes = ReleaseNotes(shown, selection: Selection())
            // Colors and links as `whatsnew show` has them: NO_COLOR, TERM=dumb, a pipe, and what the terminal supports.
            let terminal = TerminalCapabilities.detect(useColor: TerminalCapabilities.usesColorByDefault(on: 1),
                                                       environment: TerminalCapabilities.processEnvironment)
            print(ANSIEmitter(capabilities: terminal, width: width).emit(notes), terminator: "")
        }
        if let problem = outcome.plan.stateProblem { printError(TextDiagnosticPrinter().render(problem)) }
        return 0
    } catch {
        printError("whatsnew: error: \(error)\n")
        return 74
    }
}

func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

// The command line: two arguments and two options, read by hand to keep the example about whatsnew.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "--markdown" {
    do {
        guard let markdown = try markdownChangelog(manifestPath: arguments[1]) else { exit(1) }
        print(markdown, terminator: "")
        exit(0)
    } catch {
        printError("whatsnew: error: \(error)\n")
        exit(74)
    }
}
if arguments.count == 4, arguments[0] == "--tip" {
    exit(donateAndShowTip(manifestPath: arguments[1], event: arguments[2], stateFile: arguments[3]))
}
var stateFile: String?
var width = 80
while let index = arguments.firstIndex(where: { $0.hasPrefix("--") }) {
    let name = arguments.remove(at: index)
    if index < arguments.count, name == "--state-file" || name == "--width" {
        let value = arguments.remove(at: index)
        if name == "--state-file" { stateFile = value } else { width = Int(value) ?? width }
    } else {
        arguments = []
        break
    }
}
guard arguments.count == 2, let current = SemanticVersion(arguments[1]) else {
    printError("usage: WhatsNewEmbeddingExample MANIFEST CURRENT-VERSION [--state-file FILE] [--width N]\n")
    exit(64)
}
exit(showWhatsNew(manifestPath: arguments[0], current: current, stateFile: stateFile, width: width))
