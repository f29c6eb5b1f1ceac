import Foundation

/// WhatsNewKit's decoder, written to its contract (SvenTiigi/WhatsNewKit PR #60, `feature/decodable-support`:
/// `Sources/Extensions/WhatsNew+Decodable.swift` and `Decoder+UserInfo.swift`), for tests to decode what
/// `--format whatsnewkit-json` writes as an app would:
/// - `WhatsNew` decodes its five `CodingKeys` with `decode`: a missing key, or `null`, fails;
/// - a feature's `image`, `title` and `subtitle` likewise;
/// - `image`, `primaryAction` and `secondaryAction` are keys into `userInfo`, one dictionary for all three, each
///   value cast to its type: an image or a primary action not there throws, a secondary action not there is none.
///
/// The values an app would construct come from a `--refs-out` JSON file (`WhatsNewKitRegistry`), each decoded
/// into a type with the fields WhatsNewKit's initializers take, required where they are required.
struct WhatsNewKitDocument: Decodable {
    enum DecodeError: Error, Equatable {
        case primaryActionNotFound(String)
        case imageNotFound(String)
    }

    enum CodingKeys: String, CodingKey {
        case version, title, features, primaryAction, secondaryAction
    }

    /// `WhatsNew.Version`, read from a string as `init(stringLiteral:)` reads it.
    struct Version: Decodable, Equatable, CustomStringConvertible {
        let major: Int, minor: Int, patch: Int

        init(from decoder: Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            let values = text.components(separatedBy: ".").compactMap { Int($0) }
            major = values.indices.contains(0) ? values[0] : 0
            minor = values.indices.contains(1) ? values[1] : 0
            patch = values.indices.contains(2) ? values[2] : 0
        }

        var description: String { "\(major).\(minor).\(patch)" }
    }

    struct Feature: Decodable {
        enum CodingKeys: String, CodingKey { case image, title, subtitle }

        let image: WhatsNewKitRegistry.Image
        let title: String
        let subtitle: String

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let imageKey = try container.decode(String.self, forKey: .image)
            title = try container.decode(String.self, forKey: .title)
            subtitle = try container.decode(String.self, forKey: .subtitle)
            guard let image = decoder.userInfo[WhatsNewKitDocument.userInfoKey(imageKey)] as? WhatsNewKitRegistry.Image else {
                throw DecodeError.imageNotFound(imageKey)
            }
            self.image = image
        }
    }

    let version: Version
    let title: String
    let features: [Feature]
    let primaryAction: WhatsNewKitRegistry.PrimaryAction
    let secondaryAction: WhatsNewKitRegistry.SecondaryAction?

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Version.self, forKey: .version)
        title = try container.decode(String.self, forKey: .title)
        features = try container.decode([Feature].self, forKey: .features)
        let primaryKey = try container.decode(String.self, forKey: .primaryAction)
        let secondaryKey = try container.decode(String.self, forKey: .secondaryAction)
        guard let primary = decoder.userInfo[Self.userInfoKey(primaryKey)] as? WhatsNewKitRegistry.PrimaryAction else {
            throw DecodeError.primaryActionNotFound(primaryKey)
        }
        primaryAction = primary
        secondaryAction = decoder.userInfo[Self.userInfoKey(secondaryKey)] as? WhatsNewKitRegistry.SecondaryAction
    }

    /// `CodingUserInfoKey(rawValue:)`, which takes any string.
    static func userInfoKey(_ key: String) -> CodingUserInfoKey {
        guard let key = CodingUserInfoKey(rawValue: key) else { preconditionFailure("CodingUserInfoKey(rawValue:) takes every string") }
        return key
    }

    /// Decodes a whatsnewkit-json output (an array of documents) with `registry` registered, as an app does.
    static func decode(_ json: Data, registry: WhatsNewKitRegistry) throws -> [WhatsNewKitDocument] {
        let decoder = JSONDecoder()
        for (key, image) in registry.images ?? [:] { decoder.userInfo[userInfoKey(key)] = image }
        for (key, action) in registry.primaryActions ?? [:] { decoder.userInfo[userInfoKey(key)] = action }
        for (key, action) in registry.secondaryActions ?? [:] { decoder.userInfo[userInfoKey(key)] = action }
        return try decoder.decode([WhatsNewKitDocument].self, from: json)
    }
}

/// A `--refs-out` JSON file: what an app registers, each value with the fields of WhatsNewKit's initializer
/// (`WhatsNew.Feature.Image`, `PrimaryAction`, `SecondaryAction`), decoded strictly: an unknown field fails.
struct WhatsNewKitRegistry: Decodable {
    let images: [String: Image]?
    let primaryActions: [String: PrimaryAction]?
    let secondaryActions: [String: SecondaryAction]?

    struct Image: Decodable, Equatable {
        let systemName: String?
        let emoji: String?
        let file: String?
        let foregroundColor: String?
        let renderingMode: String?
        let symbolRenderingMode: String?
        let alt: String?

        init(from decoder: Decoder) throws {
            try Strict.check(decoder, allowed: ["systemName", "emoji", "file", "foregroundColor", "renderingMode", "symbolRenderingMode", "alt"])
            let container = try decoder.container(keyedBy: Strict.Key.self)
            systemName = try container.decodeIfPresent(String.self, forKey: Strict.Key("systemName"))
            emoji = try container.decodeIfPresent(String.self, forKey: Strict.Key("emoji"))
            file = try container.decodeIfPresent(String.self, forKey: Strict.Key("file"))
            foregroundColor = try container.decodeIfPresent(String.self, forKey: Strict.Key("foregroundColor"))
            renderingMode = try container.decodeIfPresent(String.self, forKey: Strict.Key("renderingMode"))
            symbolRenderingMode = try container.decodeIfPresent(String.self, forKey: Strict.Key("symbolRenderingMode"))
            alt = try container.decodeIfPresent(String.self, forKey: Strict.Key("alt"))
            guard [systemName, emoji, file].compactMap({ $0 }).count == 1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected one of systemName, emoji, file"))
            }
        }
    }

    struct PrimaryAction: Decodable, Equatable {
        let title: String
        let backgroundColor: String
        let foregroundColor: String
        let hapticFeedback: HapticFeedback?

        init(from decoder: Decoder) throws {
            try Strict.check(decoder, allowed: ["title", "backgroundColor", "foregroundColor", "hapticFeedback"])
            let container = try decoder.container(keyedBy: Strict.Key.self)
            title = try container.decode(String.self, forKey: Strict.Key("title"))
            backgroundColor = try container.decode(String.self, forKey: Strict.Key("backgroundColor"))
            foregroundColor = try container.decode(String.self, forKey: Strict.Key("foregroundColor"))
            hapticFeedback = try container.decodeIfPresent(HapticFeedback.self, forKey: Strict.Key("hapticFeedback"))
        }
    }

    struct SecondaryAction: Decodable, Equatable {
        enum Action: Equatable {
            case openURL(URL)
            case present(title: String?, body: String)
            case dismiss
            case custom(String)
        }

        let title: String
        let foregroundColor: String
        let hapticFeedback: HapticFeedback?
        let action: Action

        init(from decoder: Decoder) throws {
            try Strict.check(decoder, allowed: ["title", "foregroundColor", "hapticFeedback", "openURL", "present", "dismiss", "custom"])
            let container = try decoder.container(keyedBy: Strict.Key.self)
            title = try container.decode(String.self, forKey: Strict.Key("title"))
            foregroundColor = try container.decode(String.self, forKey: Strict.Key("foregroundColor"))
            hapticFeedback = try container.decodeIfPresent(HapticFeedback.self, forKey: Strict.Key("hapticFeedback"))
            var actions: [Action] = []
            if let url = try container.decodeIfPresent(String.self, forKey: Strict.Key("openURL")) {
                guard let parsed = URL(string: url), parsed.scheme != nil else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a URL: \(url)"))
                }
                actions.append(.openURL(parsed))
            }
            if let page = try container.decodeIfPresent(Page.self, forKey: Strict.Key("present")) { actions.append(.present(title: page.title, body: page.body)) }
            if try container.decodeIfPresent(Bool.self, forKey: Strict.Key("dismiss")) == true { actions.append(.dismiss) }
            if let identifier = try container.decodeIfPresent(String.self, forKey: Strict.Key("custom")) { actions.append(.custom(identifier)) }
            guard actions.count == 1, let action = actions.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected one action"))
            }
            self.action = action
        }

        struct Page: Decodable {
            let title: String?
            let body: String
        }
    }

    /// `selection`, `{notification: …}` or `{impact: {style?, intensity?}}`.
    enum HapticFeedback: Decodable, Equatable {
        case selection
        case notification(String)
        case impact(style: String?, intensity: Double?)

        private struct Impact: Decodable { let style: String?; let intensity: Double? }
        private struct Object: Decodable { let notification: String?; let impact: Impact? }

        init(from decoder: Decoder) throws {
            if let word = try? decoder.singleValueContainer().decode(String.self) {
                guard word == "selection" else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown haptic \(word)"))
                }
                self = .selection
                return
            }
            let object = try Object(from: decoder)
            if let notification = object.notification {
                self = .notification(notification)
            } else if let impact = object.impact {
                self = .impact(style: impact.style, intensity: impact.intensity)
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty haptic"))
            }
        }
    }

    /// Rejects keys a type does not know, as whatsnew's `--refs` reader does.
    enum Strict {
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        static func check(_ decoder: Decoder, allowed: Set<String>) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in container.allKeys where !allowed.contains(key.stringValue) {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [key], debugDescription: "unknown key \(key.stringValue)"))
            }
        }
    }
}
