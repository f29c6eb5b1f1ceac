/// The manifest `whatsnew init` writes: the schema comment editors read, an app, defaults, one entry in
/// each registry (every one of them used), and one version with two features. It validates cleanly,
/// with no warnings, against the built-in schema and rules.
package enum StarterManifest {
    /// The file `whatsnew init` writes when given no path.
    package static let defaultFileName = "notes.yaml"

    /// Where the schema is published (its `$id`).
    package static let schemaURL = "https://whatsnew.dev/schemas/whatsnew.schema.json"

    /// The first line: the schema comment of the YAML language server (completion and hover docs).
    package static let schemaComment = "# yaml-language-server: $schema=" + schemaURL

    /// The whole starter manifest.
    package static let text = schemaComment + "\n" + """
    #
    # The "What's New" notes of your app, one entry per version. Check them with
    #   whatsnew validate notes.yaml
    # The format is described in the schema named on the first line; editors with the YAML language
    # server complete keys and show their documentation.

    app:
      id: com.example.myapp        # names the state file of `whatsnew show`
      name: My App
      url: https://example.com/myapp

    defaults:                      # every version inherits these unless it sets its own
      title: "What's New"
      primaryAction: continue
      locale: en

    images:                        # images that features name by key
      star:
        systemName: star.fill
        foregroundColor: orange

    primaryActions:                # the button that closes the notes
      continue:
        title: Continue
        backgroundColor: accentColor
        foregroundColor: white
        hapticFeedback: { notification: success }

    secondaryActions:              # an optional action above that button
      learnMore:
        title: Learn more
        openURL: https://example.com/myapp/release-notes

    versions:                      # any order; outputs show the newest first
      - version: 1.0.0
        title: "What's **New** in My App"
        features:
          - id: first-feature
            image: star
            title: Your first feature
            subtitle: Say in one sentence what it does for the user. Text may use **Markdown**.
          - id: second-feature
            image: { systemName: bolt.fill, foregroundColor: yellow }
            title: Your second feature
            subtitle: An image is a registry key, as above, or written in place, as here.
        secondaryAction: learnMore

    """
}
