// What `import WhatsNewCore` brings an app: the facade's own types, and the public types of the modules
// beneath it that the facade's API names (a manifest and its versions, diagnostics, the state stores,
// terminal capabilities and modes). Each of these modules keeps `public` exactly that share; everything
// else in them is `package`, visible to this package's own targets only.
@_exported public import WhatsNewDiagnostics
@_exported public import WhatsNewIO
@_exported public import WhatsNewModel
@_exported public import WhatsNewReader
@_exported public import WhatsNewRender
@_exported public import WhatsNewState
@_exported public import WhatsNewTerminal
@_exported public import WhatsNewText
