/// One-sentence descriptions of the diagnostic codes, for outputs that describe each rule once (SARIF's
/// `rules`). A code without an entry gets a description made from the code itself, so a new rule never
/// breaks an output; add its sentence here beside the others.
public enum DiagnosticCatalog {
    /// A one-sentence description of what a diagnostic with `code` is about.
    public static func shortDescription(of code: String) -> String {
        if let known = descriptions[code] { return known }
        if code.hasPrefix("schema-"), code.count > 7 {
            return "A value does not satisfy the schema keyword '\(code.dropFirst(7))'."
        }
        let words = code.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst() + "."
    }

    static let descriptions: [String: String] = [
        // Reading (YAMLTree).
        "alias-budget-exceeded": "YAML aliases expand to more bytes than the alias budget allows.",
        "duplicate-key": "A key appears twice in one mapping.",
        "empty-document": "The input holds no document.",
        "input-too-large": "The input is larger than the input size limit.",
        "invalid-character": "The input contains a character YAML does not allow.",
        "invalid-merge": "A YAML merge key ('<<') merges something other than mappings.",
        "invalid-tagged-value": "A tagged value does not match its tag.",
        "invalid-utf8": "The input is not valid UTF-8.",
        "json-syntax": "A JSON input is not strict JSON (RFC 8259).",
        "multiple-documents": "The input holds more than one YAML document.",
        "nesting-too-deep": "Sequences and mappings are nested deeper than the nesting limit.",
        "no-input-files": "A directory of fragments holds no manifest file.",
        "nul-byte": "The input contains a NUL byte.",
        "recursive-alias": "A YAML alias refers to the node that contains it.",
        "tab-indentation": "A tab is used where YAML expects indentation with spaces.",
        "undefined-alias": "A YAML alias refers to an anchor that is not defined before it.",
        "unknown-tag": "A YAML tag other than the core schema's is used.",
        "yaml-syntax": "The input is not well-formed YAML.",
        // Input and output.
        Diagnostic.ioErrorCode: "A file could not be read or written.",
        "output-budget-exceeded": "Texts repeated by defaults and registries would make the outputs too large for the input.",
        "invalid-template": "A --template file is not a valid Mustache template.",
        "unknown-template-variable": "A --template uses a variable the notes do not have where it is used.",
        "empty-after-platform-filter": "A version has no feature for the platform compiled for, so it is left out of the outputs.",
        OmittedDiagnostics.code: "More diagnostics were found than are shown.",
        // The manifest's rules.
        "block-markdown": "Block Markdown is used in a one-line text field.",
        "duplicate-version": "Two versions are equal after canonicalisation.",
        "empty-version": "A released version lists no feature.",
        "invalid-version": "A version is not of the form MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD].",
        "missing-translation": "A text lacks a translation other texts have, and its fallback is in another language.",
        "multiple-unreleased": "More than one version is marked unreleased; Keep a Changelog has one [Unreleased] section.",
        "refused-link": "A link or image in a text has a destination no output shows as a link.",
        "unknown-key": "A mapping has a key the manifest format does not define.",
        "unresolved-reference": "A reference names no entry of its registry.",
        "unused-reference": "A registry entry is never referenced.",
        "store-limit": "A version's notes in one locale are longer than an app store allows.",
        "unknown-store-locale": "A code in 'stores' is not one of the store's locale codes.",
        "store-locale-conflict": "Two locales are mapped to the same locale code of one store in 'stores'.",
        "unused-store-locale": "The 'stores' field maps a locale no text of the manifest has.",
        // What WhatsNewKit's decodable JSON cannot express (--format whatsnewkit-json).
        "whatsnewkit-key-conflict": "One key names an image and an action, which WhatsNewKit's decoder userInfo cannot tell apart.",
        "whatsnewkit-layout": "A version's layout is left out of WhatsNewKit's JSON, which has none.",
        "whatsnewkit-one-locale": "Translated texts are written in one language to WhatsNewKit's JSON, and no --locale chose it.",
        "whatsnewkit-plain-text": "A text's Markdown is left out of WhatsNewKit's JSON, which shows texts as written.",
        "whatsnewkit-platforms": "Features limited to platforms need --platform for WhatsNewKit's JSON, which has no platforms.",
        "whatsnewkit-prerelease": "A pre-release version cannot be written to WhatsNewKit's JSON, which has no pre-releases.",
        "whatsnewkit-refs-image-path": "An image file lies outside the directory of --refs-out, where --refs could not read it.",
        "whatsnewkit-title-color": "A title's color is left out of WhatsNewKit's JSON, whose titles are strings.",
        // `whatsnew import` (Keep a Changelog files).
        "import-folded": "A bullet holds more than one paragraph of text (a nested list, a second paragraph, code), folded into its text.",
        "import-link-dropped": "A link of a changelog to import is lost: a definition no link uses, or a release heading's link its Keep a Changelog output would not write back.",
        "import-no-releases": "A changelog to import has no release heading.",
        "import-not-a-version": "A release heading names no version; the section under it is not imported.",
        "import-unknown-section": "A section heading is none of Keep a Changelog's; its bullets are imported without a kind.",
        "import-unmapped": "Text of a changelog has no place in a manifest, or is imported in another form.",
        // Publishing formats (release body, feeds, appcast).
        "release-body-one-version": "A release body is asked for, and not exactly one version is selected.",
        "missing-app-url": "A feed is asked for, and the app has no http or https URL to make its ids and links of.",
        "feed-undated": "A version in a feed has no date, so its entry has none.",
        "atom-undated": "An Atom feed is asked for, and no selected version has a date for its 'updated'.",
        "missing-build": "A version in an appcast has no build number for its sparkle:version.",
        "appcast-no-item": "A selected version has no item in the appcast --into fills.",
        "invalid-appcast": "The appcast --into fills is not well-formed XML, not UTF-8, or not an RSS document.",
        "xml-unavailable": "The libxml2 library, which reads an appcast, could not be loaded.",
        // Store metadata (--format fastlane).
        "fastlane-one-version": "Store notes are asked for, and not exactly one version is selected.",
        "missing-locale": "Store notes are asked for, and the manifest names no language.",
        "invalid-version-code": "A version's build is not a whole number, which Google Play's versionCode is.",
        "store-locale-unmapped": "A locale of the manifest is written for no locale code of a store.",
        // Tips.
        "unknown-tip": "A tip group names a tip id that no tip has.",
        "duplicate-group-tip": "A tip group names the same tip twice.",
        "duplicate-tip-id": "Two tips, or two tip groups, share an id.",
        "invalid-placeholder": "A {{placeholder}} in a tip that no --with value can fill.",
        "unsatisfiable-tip-rule": "A tip rule that no app can make hold (a name tip donate/param refuse, a value of the wrong type, bounds nothing meets).",
        "invalid-duration": "A tip rule's 'within' is not a number and a unit (m, h, d, w).",
    ]
}
