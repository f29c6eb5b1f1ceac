import Markdown
import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewModel
import WhatsNewText

/// WhatsNewKit's decodable JSON (`--format whatsnewkit-json`), and the registries an app registers for it
/// (`--refs-out`, in the format of `--refs`).
///
/// The contract is WhatsNewKit's decoder (SvenTiigi/WhatsNewKit, PR #60 from `feature/decodable-support`:
/// `Sources/Extensions/WhatsNew+Decodable.swift` and `Decoder+UserInfo.swift`):
/// - `WhatsNew` decodes the `CodingKeys` `version`, `title`, `features`, `primaryAction` and `secondaryAction`, each
///   with `decode`, never `decodeIfPresent`: all five keys are required, and `null` fails as a missing key does.
///   `version` is a string that `WhatsNew.Version(stringLiteral:)` reads leniently (split on ".", what is not an
///   integer dropped); `title` a string (`WhatsNew.Title(stringLiteral:)`: no color); `features` an array;
///   `primaryAction` and `secondaryAction` strings.
/// - A feature decodes `image`, `title` and `subtitle`, all required strings. A text becomes `WhatsNew.Text(String)`,
///   an attributed string of the characters as they are: Markdown is shown as written, not rendered.
/// - `image`, `primaryAction` and `secondaryAction` are keys into the decoder's `userInfo`, one dictionary for all
///   three kinds (`CodingUserInfoKey(rawValue: key)`, the value cast to the type asked for). An image or a primary
///   action that is not there throws (`imageNotFound`, `primaryActionNotFound`); a secondary action that is not
///   there is no secondary action.
///
/// So every document has all five keys, and:
/// - versions are canonical `M.m.p`; a pre-release is refused (WhatsNewKit has none, and reads `2.0.0-beta.1` as 2.0.1);
/// - texts are their plain text, in one locale. A warning says so when Markdown formatting, a title's color or a
///   version's layout is dropped, and when translations are and no `--locale` chose the language;
/// - a registry key is written as it is. An inline image or action gets a key made from where it is written,
///   valid under the schema's key pattern and unique among every registry key of the manifest (one namespace, as
///   `userInfo` is): `v1.2.0-offline-maps-image` (`v1.2.0-feature-2-image` for a feature without `id`: its place
///   as written, whatever `--platform` keeps), `v1.2.0-primaryAction`, `v1.2.0-secondaryAction`,
///   `defaults-primaryAction`, `defaults-secondaryAction`, with `-2`, `-3`, … when a key is taken. Keys are made
///   for every version in order, selected or not, so a key is the same whatever `--release`/`--since` select and
///   whichever versions `--platform` leaves without features (those are left out, as from every output);
/// - a feature without an image refers to `noImage`, an empty image the app registers (the decoder needs one);
/// - a version without a primary action refers to `continue`, WhatsNewKit's default `PrimaryAction()`;
/// - a version without a secondary action has `"secondaryAction": ""`, a key nothing is registered under
///   (whatsnew's keys are never empty), so the decoder finds none; whatsnew reads `""` back as none.
///
/// Refused with an error: a pre-release; features limited to platforms without `--platform` (WhatsNewKit would show
/// them on every device); a key used for an image and for an action (in `userInfo` one would replace the other);
/// with `--refs-out`, an image file outside the directory of the refs file (or `--assets-root`), where `--refs`
/// could not read it.
package struct WhatsNewKitJSONEmitter: Sendable {
    /// The image a feature without one refers to: the app registers an empty image under it.
    package static let noImageKey = "noImage"
    /// The primary action of a version that has none (nor a default): WhatsNewKit's `PrimaryAction()`.
    package static let builtInPrimaryActionKey = "continue"
    /// The `secondaryAction` of a version without one: a key under which nothing is registered.
    package static let noSecondaryActionKey = ""
    /// What `--refs-out` registers as `noImageKey`: a symbol name that names no symbol, which whatsnew shows as it
    /// shows a feature without an image (and SwiftUI's `Image(systemName:)` shows as nothing).
    static let noImage = Image(source: .systemName("none"))

    package init() {}

    /// The JSON; nil (with errors in `engine`) when the selection holds what WhatsNewKit cannot express.
    package func emit(_ manifest: Manifest, selection: Selection, engine: DiagnosticEngine) -> String? {
        export(manifest, selection: selection, engine: engine)?.json
    }

    /// The JSON and the registries it refers to; nil (with errors in `engine`) when the selection holds what
    /// WhatsNewKit cannot express. `refsFile` is where the registries are to be written (`--refs-out`): image
    /// file paths are rewritten relative to its directory, and must lie inside it (or inside `assetsRoot`).
    package func export(_ manifest: Manifest, selection: Selection, refsFile: String? = nil, assetsRoot: String? = nil,
                        engine: DiagnosticEngine) -> WhatsNewKitExport? {
        var writer = WhatsNewKitWriter(manifest: manifest, selection: selection, engine: engine,
                                       paths: refsFile.map { RefsImagePaths(refsFile: $0, assetsRoot: assetsRoot) })
        return writer.write()
    }
}

/// The JSON of `WhatsNewKitJSONEmitter.export`, and the registries it refers to.
package struct WhatsNewKitExport: Sendable {
    /// The documents, one per selected version, newest first.
    package let json: String
    /// `images`, `primaryActions` and `secondaryActions`: every key `json` refers to, in the order first referred
    /// to, its texts in the selected locale.
    let registries: JSONValue
    /// A comment for the keys whatsnew made up for WhatsNewKit (`noImage`, `continue`), written above them in YAML.
    let comments: [String: String]

    /// The registries in the format of `--refs` files.
    package func refs(_ format: WhatsNewKitRefsFormat) -> String {
        switch format {
        case .json: return registries.pretty + "\n"
        case .yaml: return WhatsNewKitRefsYAML.document(registries, comments: comments)
        }
    }
}

/// One run of `WhatsNewKitJSONEmitter.export`.
private struct WhatsNewKitWriter {
    let manifest: Manifest
    let selection: Selection
    let engine: DiagnosticEngine
    /// Where `--refs-out` goes; nil when the registries are not written (their values are then not made).
    let paths: RefsImagePaths?

    private var taken: Set<String>
    private var failed = false
    private let texts = MarkdownTextCache()
    /// The texts already warned about (a default title is one text on every version).
    private var warned: Set<SourceLocation> = []
    /// The first text with translations, when no `--locale` chose among them.
    private var firstLocalized: (location: SourceLocation?, locales: [String], written: String?)?

    private enum Kind: String {
        case image = "an image", primaryAction = "a primary action", secondaryAction = "a secondary action"
    }

    /// What each key written names, and where it was first referred to.
    private var kinds: [String: (kind: Kind, location: SourceLocation?)] = [:]
    private var conflicting: Set<String> = []
    private var images: [(key: String, value: JSONValue)] = []
    private var primaryActions: [(key: String, value: JSONValue)] = []
    private var secondaryActions: [(key: String, value: JSONValue)] = []
    private var comments: [String: String] = [:]

    init(manifest: Manifest, selection: Selection, engine: DiagnosticEngine, paths: RefsImagePaths?) {
        self.manifest = manifest
        self.selection = selection
        self.engine = engine
        self.paths = paths
        taken = Set(manifest.images.keys + manifest.primaryActions.keys + manifest.secondaryActions.keys)
    }

    mutating func write() -> WhatsNewKitExport? {
        // (The closures that make registry values get the writer as an argument: they capture this copy, not self.)
        let manifest = self.manifest
        let versions = manifest.sortedVersions
        checkVersions(versions)
        guard !failed else { return nil }
        // Keys whatsnew makes up, in a fixed order: taken before the keys of inline values, whatever is selected.
        let noImageKey = key(WhatsNewKitJSONEmitter.noImageKey)
        let builtInPrimaryKey = key(WhatsNewKitJSONEmitter.builtInPrimaryActionKey)
        let defaultPrimaryKey = key("defaults-primaryAction")
        let defaultSecondaryKey = key("defaults-secondaryAction")
        var documents: [JSONValue] = []
        for entry in versions {
            let version = entry.version.description
            var imageKeys: [Int: String] = [:]
            for (index, feature) in entry.features.enumerated() {
                guard case .inline? = feature.image else { continue }
                imageKeys[index] = key(Self.featureKey(version: version, id: feature.id, index: index))
            }
            let primaryKey = entry.primaryAction.flatMap { if case .inline = $0 { return key("v\(version)-primaryAction") } else { return nil } }
            let secondaryKey = entry.secondaryAction.flatMap { if case .inline = $0 { return key("v\(version)-secondaryAction") } else { return nil } }
            guard selection.keeps(entry) else { continue }

            if entry.layout != nil {
                engine.report(Diagnostic(.warning, code: .whatsnewkitLayout,
                                         message: "\(entry.name)'s layout is not in whatsnewkit-json: WhatsNewKit's JSON has no layout, and the app lays every version out with its own WhatsNew.Layout",
                                         at: entry.versionLocation,
                                         fix: "set the layout in the app (WhatsNew.Layout), or leave the version's 'layout' out"))
            }
            let title = manifest.title(for: entry)
            if let color = title.foregroundColor, let location = color.location, warned.insert(location).inserted {
                engine.report(Diagnostic(.warning, code: .whatsnewkitTitleColor,
                                         message: "the title's color '\(color.text)' is not in whatsnewkit-json: WhatsNewKit decodes a title as a string, without a color",
                                         at: location, fix: "give the title its color in the app (WhatsNew.Title(text:foregroundColor:)), or leave 'foregroundColor' out"))
            }
            let titleText = plain(title.text)
            var features: [JSONValue] = []
            for (index, feature) in entry.features.enumerated() where selection.includes(feature) {
                let image: String
                switch feature.image {
                case .key(let name, let location)?:
                    image = name
                    register(.image, name, at: location) { writer in manifest.images[name].map { writer.imageValue($0) } }
                case .inline(let inline)?:
                    image = imageKeys[index] ?? WhatsNewKitJSONEmitter.noImageKey
                    register(.image, image, at: inline.location) { writer in writer.imageValue(inline) }
                case nil:
                    image = noImageKey
                    comments[image] = "The image of a feature without one (WhatsNewKit needs one): register an empty image, WhatsNew.Feature.Image { EmptyView() }."
                    register(.image, image, at: nil) { writer in writer.imageValue(WhatsNewKitJSONEmitter.noImage) }
                }
                features.append(.object([(key: "image", value: .string(image)), (key: "title", value: .string(plain(feature.title))),
                                         (key: "subtitle", value: .string(plain(feature.subtitle)))]))
            }
            let primary: String
            switch entry.primaryAction ?? manifest.defaults.primaryAction {
            case .key(let name, let location)?:
                primary = name
                register(.primaryAction, name, at: location) { writer in manifest.primaryActions[name].map { writer.primaryValue($0) } }
            case .inline(let action)?:
                primary = primaryKey ?? defaultPrimaryKey
                register(.primaryAction, primary, at: action.location) { writer in writer.primaryValue(action) }
            case nil:
                primary = builtInPrimaryKey
                comments[primary] = "WhatsNewKit's default button: register WhatsNew.PrimaryAction()."
                register(.primaryAction, primary, at: nil) { writer in writer.primaryValue(.builtIn) }
            }
            let secondary: String
            switch entry.secondaryAction ?? manifest.defaults.secondaryAction {
            case .key(let name, let location)?:
                secondary = name
                register(.secondaryAction, name, at: location) { writer in manifest.secondaryActions[name].map { writer.secondaryValue($0) } }
            case .inline(let action)?:
                secondary = secondaryKey ?? defaultSecondaryKey
                register(.secondaryAction, secondary, at: action.location) { writer in writer.secondaryValue(action) }
            case nil:
                secondary = WhatsNewKitJSONEmitter.noSecondaryActionKey
            }
            documents.append(.object([
                (key: "version", value: .string(version)),
                (key: "title", value: .string(titleText)),
                (key: "features", value: .array(features)),
                (key: "primaryAction", value: .string(primary)),
                (key: "secondaryAction", value: .string(secondary)),
            ]))
        }
        if let localized = firstLocalized {
            let chosen = localized.written.map { ", here the '\($0)' one" } ?? ""
            engine.report(Diagnostic(.warning, code: .whatsnewkitOneLocale,
                                     message: "texts are translated (\(localized.locales.joined(separator: ", "))) and no --locale chose a language: whatsnewkit-json holds one text per field\(chosen)",
                                     at: localized.location,
                                     fix: "compile once per language with --locale, e.g. --locale de -o whatsnewkit-de.json"))
        }
        guard !failed else { return nil }
        let registries = JSONValue.object(omittingNils: [
            ("images", images.isEmpty ? nil : .object(images)),
            ("primaryActions", primaryActions.isEmpty ? nil : .object(primaryActions)),
            ("secondaryActions", secondaryActions.isEmpty ? nil : .object(secondaryActions)),
        ])
        return WhatsNewKitExport(json: JSONValue.array(documents).pretty + "\n", registries: registries, comments: comments)
    }

    // MARK: What WhatsNewKit cannot express

    /// Refuses pre-releases, and features limited to platforms when no `--platform` chose one.
    private mutating func checkVersions(_ versions: [VersionEntry]) {
        var firstLimited: (entry: VersionEntry, feature: Feature)?
        var limited = 0
        for entry in versions where selection.keeps(entry) {
            if entry.version.isPrerelease {
                fail(Diagnostic(.error, code: .whatsnewkitPrerelease,
                                message: "version '\(entry.versionText)' is a pre-release; WhatsNewKit has no pre-releases and would read it as \(SemanticVersion.whatsNewKitReading(of: entry.version.description))",
                                at: entry.versionLocation,
                                fix: "leave it out with --since or --release, or compile another format"))
            }
            guard selection.platform == nil else { continue }
            for feature in entry.features where !feature.platforms.isEmpty {
                if firstLimited == nil { firstLimited = (entry, feature) }
                limited += 1
            }
        }
        guard let first = firstLimited else { return }
        let name = first.feature.id.map { "feature '\($0)'" } ?? "a feature"
        let others = limited > 1 ? " (and \(limited - 1) more feature\(limited == 2 ? "" : "s") limited to platforms)" : ""
        fail(Diagnostic(.error, code: .whatsnewkitPlatforms,
                        message: "\(name) of \(first.entry.name) is only for \(first.feature.platforms.joined(separator: ", "))\(others); WhatsNewKit has no platforms and would show it on every device",
                        at: first.feature.location,
                        fix: "compile for the platform of the app with --platform (e.g. --platform ios), one output per platform"))
    }

    private mutating func fail(_ diagnostic: Diagnostic) {
        engine.report(diagnostic)
        failed = true
    }

    // MARK: Keys

    /// `base`, or `base-2`, `base-3`, … when that is taken; taken from then on.
    private mutating func key(_ base: String) -> String {
        var candidate = base
        var number = 2
        while !taken.insert(candidate).inserted {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }

    /// The key of a feature's inline image: `v<version>-<id>-image`, or `v<version>-feature-<place>-image`.
    /// Keys match the registry key pattern `^[A-Za-z_][A-Za-z0-9_.-]*$` and keep under its 200 characters.
    static func featureKey(version: String, id: String?, index: Int) -> String {
        let place = "feature-\(index + 1)"
        var name = id.map { String($0.unicodeScalars.map { isKeyCharacter($0) ? Character($0) : "-" }) } ?? place
        if name.isEmpty || name.utf8.count + version.utf8.count > 160 { name = place }
        return String("v\(version)-\(name)-image".prefix(180))
    }

    private static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": return true
        default: return false
        }
    }

    /// Records that `key` names a value of `kind`; a key that names two kinds is refused, since `userInfo` holds
    /// one value per key. The value is made once per key, and only when the registries are written.
    private mutating func register(_ kind: Kind, _ key: String, at location: SourceLocation?,
                                   value: (inout WhatsNewKitWriter) -> JSONValue?) {
        if let known = kinds[key] {
            guard known.kind != kind, conflicting.insert(key).inserted else { return }
            fail(Diagnostic(.error, code: .whatsnewkitKeyConflict,
                            message: "'\(key)' names both \(known.kind.rawValue) and \(kind.rawValue); WhatsNewKit's decoder looks all of them up in one userInfo dictionary, where one would replace the other",
                            at: location, notes: [Diagnostic.Note("'\(key)' is also used as \(known.kind.rawValue) here", at: known.location)],
                            fix: "rename one of the two registry entries"))
            return
        }
        kinds[key] = (kind, location)
        guard paths != nil, let made = value(&self) else { return }
        switch kind {
        case .image: images.append((key, made))
        case .primaryAction: primaryActions.append((key, made))
        case .secondaryAction: secondaryActions.append((key, made))
        }
    }

    // MARK: Texts

    /// A text of the JSON: its plain text in the selected locale (WhatsNewKit shows a text as it is written).
    private mutating func plain(_ text: LocalizedText) -> String {
        let entry = chosen(text)
        guard let source = entry?.text, !source.isEmpty else { return "" }
        let plain = PlainTextRenderer.render(texts.text(parsing: source))
        if plain != source, let location = entry?.location ?? text.location, warned.insert(location).inserted {
            engine.report(Diagnostic(.warning, code: .whatsnewkitPlainText,
                                     message: "this text's Markdown is not in whatsnewkit-json: WhatsNewKit shows a text as it is written, so it gets the plain text '\(plain)'",
                                     at: location,
                                     fix: "nothing to do if the plain text reads well; an app that wants the formatting builds the text itself (AttributedString(markdown:))"))
        }
        return plain
    }

    /// A text of the registries: its Markdown source in the selected locale (the format of `--refs` files).
    private mutating func source(_ text: LocalizedText) -> String {
        chosen(text)?.text ?? ""
    }

    /// The entry of `text` for the selected locale, by the fallback chain; notes the first text with translations
    /// when no `--locale` chose among them.
    private mutating func chosen(_ text: LocalizedText) -> LocalizedText.Entry? {
        guard text.isLocalized else { return text.entries.first }
        let entry = text.entry(for: selection.locale, defaultLocale: manifest.defaults.locale)
        if selection.locale == nil, firstLocalized == nil {
            firstLocalized = (entry?.location ?? text.location, text.locales, entry?.locale)
        }
        return entry
    }

    // MARK: Registry values (the format of `--refs` files)

    private mutating func imageValue(_ image: Image) -> JSONValue {
        var members: [(String, JSONValue?)]
        switch image.source {
        case .systemName(let name): members = [("systemName", .string(name))]
        case .emoji(let emoji): members = [("emoji", .string(emoji))]
        case .file(let path): members = [("file", .string(filePath(path, of: image)))]
        }
        members += [("foregroundColor", image.foregroundColor.map { .string($0.text) }),
                    ("renderingMode", image.renderingMode.map { .string($0.rawValue) }),
                    ("symbolRenderingMode", image.symbolRenderingMode.map { .string($0.rawValue) }),
                    ("alt", image.alt.map { .string(source($0)) })]
        return .object(omittingNils: members)
    }

    private mutating func primaryValue(_ action: PrimaryAction) -> JSONValue {
        .object(omittingNils: [
            ("title", .string(source(action.title))),
            ("backgroundColor", .string(action.backgroundColor.text)),
            ("foregroundColor", .string(action.foregroundColor.text)),
            ("hapticFeedback", action.hapticFeedback.map(Self.haptic)),
        ])
    }

    private mutating func secondaryValue(_ action: SecondaryAction) -> JSONValue {
        var members: [(String, JSONValue?)] = [
            ("title", .string(source(action.title))),
            ("foregroundColor", .string(action.foregroundColor.text)),
            ("hapticFeedback", action.hapticFeedback.map(Self.haptic)),
        ]
        switch action.kind {
        case .openURL(let url): members.append(("openURL", .string(url)))
        case .present(let title, let body):
            members.append(("present", .object(omittingNils: [("title", title.map { .string(source($0)) }), ("body", .string(source(body)))])))
        case .dismiss: members.append(("dismiss", .bool(true)))
        case .custom(let identifier): members.append(("custom", .string(identifier)))
        }
        return .object(omittingNils: members)
    }

    private static func haptic(_ haptic: HapticFeedback) -> JSONValue {
        switch haptic {
        case .selection: return .string("selection")
        case .notification(let kind): return .object([(key: "notification", value: .string(kind.rawValue))])
        case .impact(let style, let intensity):
            return .object([(key: "impact", value: .object(omittingNils: [
                ("style", style.map { .string($0.rawValue) }), ("intensity", intensity.map { .number($0) }),
            ]))])
        }
    }

    /// An image file's path relative to the directory of `--refs-out`, where `--refs` will look for it.
    private mutating func filePath(_ path: String, of image: Image) -> String {
        guard let paths else { return path }
        if let relative = paths.relativePath(of: path, declaredIn: manifest.directory(of: image)) { return relative }
        let root = paths.assetsRoot.map { "--assets-root '\($0)'" } ?? "the directory of --refs-out '\(paths.refsFile)'"
        fail(Diagnostic(.error, code: .whatsnewkitRefsImagePath,
                        message: "the image file '\(path)' is outside \(root); a --refs file's images must lie inside its directory (or --assets-root), so whatsnew could not read it back",
                        at: image.sourceLocation ?? image.location,
                        fix: "write --refs-out into a directory that holds the image (e.g. beside the manifest), or pass --assets-root with a directory that holds it"))
        return path
    }
}

/// Image file paths for a `--refs-out` file: relative to its directory, inside it or inside `--assets-root`.
struct RefsImagePaths: Sendable {
    let refsFile: String
    let assetsRoot: String?
    private let directory: [Substring]
    private let root: [Substring]

    init(refsFile: String, assetsRoot: String?) {
        self.refsFile = refsFile
        self.assetsRoot = assetsRoot
        directory = Self.absolute(FileSystem.directoryName(of: refsFile))
        root = assetsRoot.map(Self.absolute) ?? directory
    }

    /// `path` (relative to `declaringDirectory`) relative to the refs file's directory; nil when it lies outside
    /// the root, where `--refs` would refuse it.
    func relativePath(of path: String, declaredIn declaringDirectory: String) -> String? {
        let target = Self.normalized(Self.absolute(declaringDirectory) + path.split(separator: "/", omittingEmptySubsequences: true))
        guard target.count > root.count, Array(target.prefix(root.count)) == root else { return nil }
        var common = 0
        while common < directory.count, common < target.count - 1, directory[common] == target[common] { common += 1 }
        let up = Array(repeating: Substring(".."), count: directory.count - common)
        return (up + target[common...]).joined(separator: "/")
    }

    /// The components of `path` made absolute, links resolved where it exists.
    private static func absolute(_ path: String) -> [Substring] {
        if let real = FileSystem.realPath(path) { return normalized(real.split(separator: "/")) }
        let base = path.hasPrefix("/") ? [] : (FileSystem.realPath(".") ?? "").split(separator: "/")
        return normalized(base + path.split(separator: "/"))
    }

    /// The components without `.` and with each `..` applied.
    private static func normalized(_ components: [Substring]) -> [Substring] {
        var result: [Substring] = []
        for component in components {
            switch component {
            case "", ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(component)
            }
        }
        return result
    }
}
