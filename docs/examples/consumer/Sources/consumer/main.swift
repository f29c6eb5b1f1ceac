// An app that shows its users what is new, once per version, and prints its changelog:
//   consumer MANIFEST CURRENT-VERSION   the notes of the versions this user has not seen (on a terminal only)
//   consumer --changelog MANIFEST       the Markdown changelog
import Foundation
import WhatsNewCore

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let first = arguments.first, let last = arguments.last else {
    printError("usage: consumer MANIFEST CURRENT-VERSION | consumer --changelog MANIFEST")
    exit(64)
}
do {
    if first == "--changelog" {
        print(try WhatsNew.changelog(manifest: last), terminator: "")
    } else {
        let shown = try WhatsNew.show(manifest: first, version: last)
        if !shown.warnings.isEmpty { printError(shown.warnings) }
    }
} catch {
    printError("\(error)")
    exit(error.exitCode)
}
