import ArgumentParser
import WhatsNewCore

/// Reads a version given on the command line; a bad one is a usage error that says what is wrong.
enum VersionArgument {
    static func parse(_ text: String, for name: String) throws -> SemanticVersion {
        switch SemanticVersion.parse(text) {
        case .success(let version): return version
        case .failure(let error):
            throw Output.usage("invalid version '\(TerminalSafeText.visible(text))' for \(name): \(error.reason); "
                                  + "expected MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]")
        }
    }
}
