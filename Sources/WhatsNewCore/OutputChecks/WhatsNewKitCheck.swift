import Markdown
import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

/// One run of `OutputChecks.whatsNewKit`: walks every version in order (keys are assigned to all of them, selected
/// or not), reports what WhatsNewKit cannot express or drops, and records the selected versions' documents, texts
/// and registry values in a `WhatsNewKitPlan`.
struct WhatsNewKitCheck {
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
    private var plan = WhatsNewKitPlan()

    init(manifest: Manifest, selection: Selection, engine: DiagnosticEngine, paths: RefsImagePaths?) {
        self.manifest = manifest
        self.selection = selection
        self.engine = engine
        self.paths = paths
        taken = Set(manifest.images.keys + manifest.primaryActions.keys + manifest.secondaryActions.keys)
    }

    mutating func run() -> WhatsNewKitPlan? {
        // (The closures that make registry values get the check as an argument: they capture this copy, not self.)
        let manifest = self.manifest
        let versions = manifest.sortedVersions
        checkVersions(versions)
        guard !failed else { return nil }
        // Keys whatsnew makes up, in a fixed order: taken before the keys of inline values, whatever is selected.
        let noImageKey = key(WhatsNewKitJSONEmitter.noImageKey)
        let builtInPrimaryKey = key(WhatsNewKitJSONEmitter.builtInPrimaryActionKey)
        let defaultPrimaryKey = key("defaults-primaryAction")
        let defaultSecondaryKey = key("defaults-secondaryAction")
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
            var features: [WhatsNewKitPlan.Feature] = []
            for (index, feature) in entry.features.enumerated() where selection.includes(feature) {
                let image: String
                switch feature.image {
                case .key(let name, let location)?:
                    image = name
                    register(.image, name, at: location) { check in manifest.images[name].map { check.imageValue($0) } }
                case .inline(let inline)?:
                    image = imageKeys[index] ?? WhatsNewKitJSONEmitter.noImageKey
                    register(.image, image, at: inline.location) { check in check.imageValue(inline) }
                case nil:
                    image = noImageKey
                    plan.comments[image] = "The image of a feature without one (WhatsNewKit needs one): register an empty image, WhatsNew.Feature.Image { EmptyView() }."
                    register(.image, image, at: nil) { check in check.imageValue(WhatsNewKitJSONEmitter.noImage) }
                }
                features.append(WhatsNewKitPlan.Feature(image: image, title: plain(feature.title), subtitle: plain(feature.subtitle)))
            }
            let primary: String
            switch entry.primaryAction ?? manifest.defaults.primaryAction {
            case .key(let name, let location)?:
                primary = name
                register(.primaryAction, name, at: location) { check in manifest.primaryActions[name].map { check.primaryValue($0) } }
            case .inline(let action)?:
                primary = primaryKey ?? defaultPrimaryKey
                register(.primaryAction, primary, at: action.location) { check in check.primaryValue(action) }
            case nil:
                primary = builtInPrimaryKey
                plan.comments[primary] = "WhatsNewKit's default button: register WhatsNew.PrimaryAction()."
                register(.primaryAction, primary, at: nil) { check in check.primaryValue(.builtIn) }
            }
            let secondary: String
            switch entry.secondaryAction ?? manifest.defaults.secondaryAction {
            case .key(let name, let location)?:
                secondary = name
                register(.secondaryAction, name, at: location) { check in manifest.secondaryActions[name].map { check.secondaryValue($0) } }
            case .inline(let action)?:
                secondary = secondaryKey ?? defaultSecondaryKey
                register(.secondaryAction, secondary, at: action.location) { check in check.secondaryValue(action) }
            case nil:
                secondary = WhatsNewKitJSONEmitter.noSecondaryActionKey
            }
            plan.documents.append(WhatsNewKitPlan.Document(version: version, title: titleText, features: features,
                                                           primaryAction: primary, secondaryAction: secondary))
        }
        if let localized = firstLocalized {
            let chosen = localized.written.map { ", here the '\($0)' one" } ?? ""
            engine.report(Diagnostic(.warning, code: .whatsnewkitOneLocale,
                                     message: "texts are translated (\(localized.locales.joined(separator: ", "))) and no --locale chose a language: whatsnewkit-json holds one text per field\(chosen)",
                                     at: localized.location,
                                     fix: "compile once per language with --locale, e.g. --locale de -o whatsnewkit-de.json"))
        }
        return failed ? nil : plan
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
                                   value: (inout WhatsNewKitCheck) -> WhatsNewKitPlan.Value?) {
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
        plan.registrations.append((key, made))
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

    // MARK: Registry values (their texts chosen in the order the registries are written)

    private mutating func imageValue(_ image: Image) -> WhatsNewKitPlan.Value {
        var file: String?
        if case .file(let path) = image.source { file = filePath(path, of: image) }
        return .image(image, file: file, alt: image.alt.map { source($0) })
    }

    private mutating func primaryValue(_ action: PrimaryAction) -> WhatsNewKitPlan.Value {
        .primaryAction(action, title: source(action.title))
    }

    private mutating func secondaryValue(_ action: SecondaryAction) -> WhatsNewKitPlan.Value {
        let title = source(action.title)
        var present: WhatsNewKitPlan.PresentTexts?
        if case .present(let pageTitle, let body) = action.kind {
            present = WhatsNewKitPlan.PresentTexts(title: pageTitle.map { source($0) }, body: source(body))
        }
        return .secondaryAction(action, title: title, present: present)
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
