import ArgumentParser
import WhatsNewCore

/// `compile --into appcast.xml`, and `--release latest`: the options of the publishing formats.
struct PublishingOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Fill the <description> of the items of this Sparkle appcast (as generate_appcast writes it) with their versions' notes, changing nothing else in it.",
        valueName: "appcast.xml"))
    var into: String?

    /// `--release`'s value as a selection: a version, or `latest` / `latest-prerelease`.
    static func release(_ text: String?) -> (version: SemanticVersion?, latest: LatestRelease?) {
        guard let text else { return (nil, nil) }
        if let latest = LatestRelease(argument: text) { return (nil, latest) }
        return (SemanticVersion(text), nil)
    }

    /// The plan of `--into`: the appcast it names, written back in place; `--format` may only say `appcast`,
    /// and there is no `-o`.
    func plan(formats: [OutputFormat], output: String?) throws -> OutputPlan? {
        guard let into else { return nil }
        if output != nil { throw ValidationError("--into writes the appcast it fills; leave out -o") }
        if let other = formats.first(where: { $0 != .appcast }) {
            throw ValidationError("--into fills an appcast; it cannot write --format \(other.rawValue) (run compile again for it)")
        }
        guard case .success(let plan) = OutputPlan.make(formats: [.appcast], output: into, outputIsDirectory: false) else { return nil }
        return plan
    }

    /// The appcast `--into` names, read as it is (at most `limit` bytes).
    func appcast(limit: Int) throws -> AppcastInput? {
        guard let into else { return nil }
        do {
            return AppcastInput(path: into, bytes: try FileSystem.read(into, limit: limit))
        } catch {
            throw Output.fail(error)
        }
    }
}
