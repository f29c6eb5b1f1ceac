/// Everything that can make an output refuse, in one place: each check reports its problems to the engine and
/// returns what its emitter needs, checked (a `FastlanePlan`, a `WhatsNewKitPlan`), or nil when it found an error.
///
/// `Compiler.prepare` runs each output's check before its emitter, and every check before anything is written;
/// the emitters (in WhatsNewRender, which cannot see this type) take no `DiagnosticEngine` and return what
/// they render, not an optional: they cannot fail. One file per output family: `OutputChecks+Selection`
/// (`--release`, `--platform`), `+WhatsNewKit`, `+HTML`, `+ReleaseBody`, `+Fastlane`, `+Feeds`, `+Appcast`.
package enum OutputChecks {}
