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
/// could not read it. Those errors, the warnings, the keys and the texts are found before, by
/// `OutputChecks.whatsNewKit` in WhatsNewCore, which hands over a `WhatsNewKitPlan`: this only lays it out as JSON.
package struct WhatsNewKitJSONEmitter: Sendable {
    /// The image a feature without one refers to: the app registers an empty image under it.
    package static let noImageKey = "noImage"
    /// The primary action of a version that has none (nor a default): WhatsNewKit's `PrimaryAction()`.
    package static let builtInPrimaryActionKey = "continue"
    /// The `secondaryAction` of a version without one: a key under which nothing is registered.
    package static let noSecondaryActionKey = ""
    /// What `--refs-out` registers as `noImageKey`: a symbol name that names no symbol, which whatsnew shows as it
    /// shows a feature without an image (and SwiftUI's `Image(systemName:)` shows as nothing).
    package static let noImage = Image(source: .systemName("none"))

    package init() {}

    /// The JSON of the checked plan, and the registries it refers to.
    package func export(_ plan: WhatsNewKitPlan) -> WhatsNewKitExport {
        let documents = plan.documents.map { document in
            JSONValue.object([
                (key: "version", value: .string(document.version)),
                (key: "title", value: .string(document.title)),
                (key: "features", value: .array(document.features.map { feature in
                    .object([(key: "image", value: .string(feature.image)), (key: "title", value: .string(feature.title)),
                             (key: "subtitle", value: .string(feature.subtitle))])
                })),
                (key: "primaryAction", value: .string(document.primaryAction)),
                (key: "secondaryAction", value: .string(document.secondaryAction)),
            ])
        }
        var images: [(key: String, value: JSONValue)] = []
        var primaryActions: [(key: String, value: JSONValue)] = []
        var secondaryActions: [(key: String, value: JSONValue)] = []
        for (key, value) in plan.registrations {
            switch value {
            case .image(let image, let file, let alt): images.append((key, Self.imageValue(image, file: file, alt: alt)))
            case .primaryAction(let action, let title): primaryActions.append((key, Self.primaryValue(action, title: title)))
            case .secondaryAction(let action, let title, let present):
                secondaryActions.append((key, Self.secondaryValue(action, title: title, present: present)))
            }
        }
        let registries = JSONValue.object(omittingNils: [
            ("images", images.isEmpty ? nil : .object(images)),
            ("primaryActions", primaryActions.isEmpty ? nil : .object(primaryActions)),
            ("secondaryActions", secondaryActions.isEmpty ? nil : .object(secondaryActions)),
        ])
        return WhatsNewKitExport(json: JSONValue.array(documents).pretty + "\n", registries: registries, comments: plan.comments)
    }

    // MARK: Registry values (the format of `--refs` files)

    private static func imageValue(_ image: Image, file: String?, alt: String?) -> JSONValue {
        var members: [(String, JSONValue?)]
        switch image.source {
        case .systemName(let name): members = [("systemName", .string(name))]
        case .emoji(let emoji): members = [("emoji", .string(emoji))]
        case .file(let path): members = [("file", .string(file ?? path))]
        }
        members += [("foregroundColor", image.foregroundColor.map { .string($0.text) }),
                    ("renderingMode", image.renderingMode.map { .string($0.rawValue) }),
                    ("symbolRenderingMode", image.symbolRenderingMode.map { .string($0.rawValue) }),
                    ("alt", alt.map { .string($0) })]
        return .object(omittingNils: members)
    }

    private static func primaryValue(_ action: PrimaryAction, title: String) -> JSONValue {
        .object(omittingNils: [
            ("title", .string(title)),
            ("backgroundColor", .string(action.backgroundColor.text)),
            ("foregroundColor", .string(action.foregroundColor.text)),
            ("hapticFeedback", action.hapticFeedback.map(Self.haptic)),
        ])
    }

    private static func secondaryValue(_ action: SecondaryAction, title: String, present: WhatsNewKitPlan.PresentTexts?) -> JSONValue {
        var members: [(String, JSONValue?)] = [
            ("title", .string(title)),
            ("foregroundColor", .string(action.foregroundColor.text)),
            ("hapticFeedback", action.hapticFeedback.map(Self.haptic)),
        ]
        switch action.kind {
        case .openURL(let url): members.append(("openURL", .string(url)))
        case .present:
            members.append(("present", .object(omittingNils: [("title", present?.title.map { .string($0) }), ("body", .string(present?.body ?? ""))])))
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
