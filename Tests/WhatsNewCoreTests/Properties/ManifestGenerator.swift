/// Generates valid manifests at random (warnings allowed, errors not): versions with pre-releases and build
/// metadata, texts of every kind of Unicode (Markdown punctuation, CJK, emoji, right-to-left, control
/// characters, hostile HTML), locale maps, registries and references, inline images and actions, an app
/// icon, layouts, YAML anchors, aliases and merge keys.
struct ManifestGenerator {
    var random: SeededGenerator
    private var nextAnchor = 0
    private var usedVersions: Set<String> = []
    private var usedFeatureIDs: Set<String> = []

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    static let locales = ["en", "de", "de-AT", "zh-Hans", "fr", "ja", "ar"]
    static let platforms = ["ios", "macos", "watchos", "tvos", "visionos"]
    static let colors = ["accentColor", "primary", "secondary", "white", "black", "gray", "red", "orange", "yellow", "green",
                         "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "clear", "#F80", "#FF8800",
                         "#ff880080", "#abc"]
    static let symbols = ["star.fill", "bolt.fill", "lock.shield", "bell", "wand.and.stars", "map", "no.such.symbol", "heart"]
    /// Keys the schema allows (`^[A-Za-z_][A-Za-z0-9_.-]*$`), YAML 1.1 surprises among them.
    static let registryKeys = ["star", "bolt", "logo", "continue", "learnMore", "star.fill", "a-b_c.d", "_private", "NO", "on", "y"]

    /// Pieces texts are made of: words in several scripts, Markdown syntax meant and unmeant, YAML 1.1
    /// surprises, hostile markup and links, control and bidi characters.
    static let words = ["Offline", "maps", "Neu", "Funktion", "über", "功能", "新しい", "지도", "مرحبا", "שלום", "🎉", "👩‍👩‍👧",
                        "🇩🇪", "e\u{301}", "Ωmega", "NO", "on", "0777", "1.10", "12:30:45", "null", "true", "~", "1e999", ".nan"]
    static let markdown = ["**bold**", "*em*", "_under_", "`code`", "~~gone~~", "[link](https://example.com/a?b=1&c=2)",
                           "<https://example.com/x>", "\\*", "# ", "- ", "1. ", "> ", "|", "<canvas>", "&amp;", "&", "<", ">",
                           "\"", "'", "[", "]", "(", ")", "!", "#", "*", "_", "`", "\\", "~", "{", "}", ":", "-", "%", "@"]
    static let hostile = ["<script>alert(1)</script>", "[x](javascript:alert(1))", "<img src=x onerror=alert(1)>",
                          "[d](data:text/html,x)", "\u{1B}[31m", "\u{7}", "\u{8}", "\u{0}", "\u{9B}", "\u{202E}", "\u{2066}",
                          "\u{85}", "\u{2028}", "\u{FEFF}", "\t", "\u{7F}", "\u{FFFF}", "\n", "\r\n"]

    mutating func manifest() -> GeneratedDocument {
        var top: [(String, GeneratedDocument)] = []
        if random.chance(0.3) { top.append(("$schema", .string("../Schemas/whatsnew.schema.json"))) }
        let hasApp = random.chance(0.6)
        let images = registry { $0.image() }
        if hasApp { top.append(("app", app(images: images.keys))) }
        let primaries = registry { $0.primaryAction() }
        let secondaries = registry { $0.secondaryAction() }
        var defaultLayoutAnchor: (id: Int, pairs: [(String, GeneratedDocument)])?
        if random.chance(0.6) {
            var defaults: [(String, GeneratedDocument)] = []
            if random.chance(0.5) { defaults.append(("title", title())) }
            if random.chance(0.4) { defaults.append(("primaryAction", reference(to: primaries.keys) { $0.primaryAction() })) }
            if random.chance(0.3) { defaults.append(("secondaryAction", reference(to: secondaries.keys) { $0.secondaryAction() })) }
            if random.chance(0.5) { defaults.append(("locale", .string(random.pick(Self.locales)))) }
            if random.chance(0.4) { defaults.append(("accentColor", .string(random.pick(Self.colors)))) }
            if random.chance(0.5) {
                let pairs = layoutPairs()
                let id = anchor()
                defaultLayoutAnchor = (id, pairs)
                defaults.append(("layout", .shared(id: id, .object(pairs))))
            }
            top.append(("defaults", .object(defaults)))
        }
        if !images.pairs.isEmpty { top.append(("images", .object(images.pairs))) }
        if !primaries.pairs.isEmpty { top.append(("primaryActions", .object(primaries.pairs))) }
        if !secondaries.pairs.isEmpty { top.append(("secondaryActions", .object(secondaries.pairs))) }
        var versions: [GeneratedDocument] = []
        var sharedTitle: (id: Int, value: GeneratedDocument)?
        for _ in 0..<random.int(1...5) {
            var pairs: [(String, GeneratedDocument)] = [("version", versionNumber())]
            if random.chance(0.5) { pairs.append(("date", .string(date()))) }
            if random.chance(0.7) {
                if let shared = sharedTitle, random.chance(0.4) {
                    pairs.append(("title", .shared(id: shared.id, shared.value)))
                } else {
                    let value = title()
                    let id = anchor()
                    sharedTitle = (id, value)
                    pairs.append(("title", .shared(id: id, value)))
                }
            }
            pairs.append(("features", .array((0..<random.int(0...4)).map { _ in feature(images: images.keys) })))
            if random.chance(0.5) { pairs.append(("primaryAction", reference(to: primaries.keys) { $0.primaryAction() })) }
            if random.chance(0.5) { pairs.append(("secondaryAction", reference(to: secondaries.keys) { $0.secondaryAction() })) }
            if random.chance(0.4) {
                if let base = defaultLayoutAnchor, random.chance(0.5) {
                    pairs.append(("layout", .merged(id: base.id, base: base.pairs, overrides: layoutPairs())))
                } else {
                    pairs.append(("layout", .object(layoutPairs())))
                }
            }
            versions.append(.object(pairs.shuffled(using: &random)))
        }
        top.append(("versions", .array(versions)))
        return .object(top)
    }

    private mutating func anchor() -> Int {
        nextAnchor += 1
        return nextAnchor
    }

    // MARK: Text

    /// A text with at least one letter (an empty text is an error), made of 1 to 6 random pieces.
    mutating func text() -> String {
        var text = random.pick(Self.words.filter { $0.contains(where: \.isLetter) })
        for _ in 0..<random.int(0...5) {
            let pool = random.chance(0.5) ? Self.words : random.chance(0.6) ? Self.markdown : Self.hostile
            text += (random.chance(0.7) ? " " : "") + random.pick(pool)
        }
        return random.chance(0.5) ? text : String(text.shuffled(using: &random)).trimmingLeadingWhitespace() + "x"
    }

    /// A text, or a map from locale to text.
    mutating func localized() -> GeneratedDocument {
        guard random.chance(0.35) else { return .string(text()) }
        return .object(random.distinct(random.int(1...3), of: Self.locales).map { ($0, .string(text())) })
    }

    mutating func title() -> GeneratedDocument {
        guard random.chance(0.2) else { return localized() }
        return .object([("text", localized()), ("foregroundColor", .string(random.pick(Self.colors)))])
    }

    /// A page body: several lines of full Markdown.
    mutating func document() -> String {
        var blocks: [String] = []
        for _ in 0..<random.int(1...4) {
            switch random.int(0...4) {
            case 0: blocks.append("# " + text())
            case 1: blocks.append("- " + text() + "\n- " + text())
            case 2: blocks.append("```\n" + text() + "\n```")
            case 3: blocks.append("> " + text())
            default: blocks.append(text())
            }
        }
        return blocks.joined(separator: "\n\n")
    }

    // MARK: Versions

    /// A new version (unique by precedence), written as YAML and JSON may write it: a string, or a number
    /// where it reads as one (`2`, `1.10`: whatsnew keeps the literal text).
    mutating func versionNumber() -> GeneratedDocument {
        while true {
            let (major, minor, patch) = (random.int(0...20), random.int(0...12), random.int(0...3))
            var text: String
            switch random.int(0...5) {
            case 0: text = "\(major)"
            case 1: text = "\(major).\(minor)"
            case 2: text = "v\(major).\(minor).\(patch)"
            default: text = "\(major).\(minor).\(patch)"
            }
            if random.chance(0.25) {
                let identifiers = (0..<random.int(1...3)).map { _ in random.pick(["alpha", "beta", "rc", "1", "2", "0", "x-y", "11"]) }
                text += "-" + identifiers.joined(separator: ".")
            }
            let precedence = SemanticVersionKey(text)
            if random.chance(0.2) { text += "+" + (0..<random.int(1...2)).map { _ in random.pick(["build", "001", "exp", "5114f85"]) }.joined(separator: ".") }
            guard usedVersions.insert(precedence).inserted else { continue }
            let isNumber = text.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." } && text.filter { $0 == "." }.count <= 1
            return isNumber && random.chance(0.5) ? .number(text) : .string(text)
        }
    }

    mutating func date() -> String {
        let month = random.int(1...12)
        let day = random.int(1...(month == 2 ? 28 : 30))
        return "20\(random.int(10...39))-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    mutating func feature(images: [String]) -> GeneratedDocument {
        var pairs: [(String, GeneratedDocument)] = []
        if random.chance(0.5) {
            var id = random.pick(["offline-maps", "sync", "x", "a-1", "3d"])
            while !usedFeatureIDs.insert(id).inserted { id += "-\(usedFeatureIDs.count)" }
            pairs.append(("id", .string(id)))
        }
        if random.chance(0.7) { pairs.append(("image", reference(to: images) { $0.image() })) }
        pairs.append(("title", localized()))
        pairs.append(("subtitle", localized()))
        if random.chance(0.3) { pairs.append(("platforms", .array(random.distinct(random.int(1...3), of: Self.platforms).map { GeneratedDocument.string($0) }))) }
        return .object(pairs)
    }

    // MARK: Registries and references

    private mutating func registry(_ make: (inout ManifestGenerator) -> GeneratedDocument) -> (keys: [String], pairs: [(String, GeneratedDocument)]) {
        guard random.chance(0.6) else { return ([], []) }
        let keys = random.distinct(random.int(1...3), of: Self.registryKeys)
        return (keys, keys.map { ($0, make(&self)) })
    }

    /// A key of the registry, or a value written in place.
    private mutating func reference(to keys: [String], inline: (inout ManifestGenerator) -> GeneratedDocument) -> GeneratedDocument {
        if !keys.isEmpty, random.chance(0.6) { return .string(random.pick(keys)) }
        return inline(&self)
    }

    mutating func image() -> GeneratedDocument {
        var pairs: [(String, GeneratedDocument)]
        switch random.int(0...3) {
        case 0: pairs = [("emoji", .string(random.pick(["🎉", "⭐", "👩‍👩‍👧", "🇩🇪", "x", "<b>"])))]
        case 1: pairs = [("file", .string("assets/logo.svg"))]
        default: pairs = [("systemName", .string(random.pick(Self.symbols)))]
        }
        if random.chance(0.4) { pairs.append(("foregroundColor", .string(random.pick(Self.colors)))) }
        if random.chance(0.2) { pairs.append(("renderingMode", .string(random.pick(["original", "template"])))) }
        if random.chance(0.2) { pairs.append(("symbolRenderingMode", .string(random.pick(["monochrome", "hierarchical", "palette", "multicolor"])))) }
        if random.chance(0.3) { pairs.append(("alt", localized())) }
        return .object(pairs)
    }

    mutating func primaryAction() -> GeneratedDocument {
        var pairs: [(String, GeneratedDocument)] = []
        if random.chance(0.7) { pairs.append(("title", localized())) }
        if random.chance(0.4) { pairs.append(("backgroundColor", .string(random.pick(Self.colors)))) }
        if random.chance(0.4) { pairs.append(("foregroundColor", .string(random.pick(Self.colors)))) }
        if random.chance(0.4) { pairs.append(("hapticFeedback", haptic())) }
        return .object(pairs)
    }

    mutating func secondaryAction() -> GeneratedDocument {
        var pairs: [(String, GeneratedDocument)] = [("title", localized())]
        if random.chance(0.3) { pairs.append(("foregroundColor", .string(random.pick(Self.colors)))) }
        if random.chance(0.3) { pairs.append(("hapticFeedback", haptic())) }
        switch random.int(0...3) {
        case 0:
            let url = random.pick(["https://example.com/notes", "http://example.com/a?q=ü#frag", "HTTPS://Example.com/日本",
                                   "mailto:team@example.com", "https://example.com/<script>", "https://example.com/\"quoted\""])
            pairs.append(("openURL", .string(url)))
        case 1:
            var page: [(String, GeneratedDocument)] = []
            if random.chance(0.6) { page.append(("title", localized())) }
            page.append(("body", random.chance(0.7) ? .string(document()) : .object([("en", .string(document())), ("de", .string(document()))])))
            pairs.append(("present", .object(page)))
        case 2: pairs.append(("dismiss", .bool(true)))
        default: pairs.append(("custom", .string(random.pick(["open-settings", "com.example.action", "app:open"]))))
        }
        return .object(pairs)
    }

    mutating func haptic() -> GeneratedDocument {
        switch random.int(0...2) {
        case 0: return .string("selection")
        case 1: return .object([("notification", .string(random.pick(["success", "warning", "error"])))])
        default:
            var impact: [(String, GeneratedDocument)] = []
            if random.chance(0.7) { impact.append(("style", .string(random.pick(["light", "medium", "heavy", "soft", "rigid"])))) }
            if random.chance(0.7) { impact.append(("intensity", .number(random.pick(["0", "1", "0.5", "0.25", "0.1", "0.333", "1e-1"])))) }
            return .object([("impact", .object(impact))])
        }
    }

    /// The app, its icon a key of `images` or an inline image.
    mutating func app(images: [String]) -> GeneratedDocument {
        var pairs: [(String, GeneratedDocument)] = []
        if random.chance(0.7) { pairs.append(("id", .string(random.pick(["com.example.trails", "app", "my-app_2"])))) }
        if random.chance(0.7) { pairs.append(("name", .string(text()))) }
        if random.chance(0.5) { pairs.append(("url", .string(random.pick(["https://example.com", "mailto:team@example.com", "http://例え.jp/ü"])))) }
        if random.chance(0.5) { pairs.append(("icon", reference(to: images) { $0.image() })) }
        return .object(pairs)
    }

    // MARK: Layout

    mutating func layoutPairs() -> [(String, GeneratedDocument)] {
        let keys = ["showsScrollViewIndicators", "scrollViewBottomContentInset", "contentSpacing", "contentPadding", "featureListSpacing",
                    "featureListPadding", "featureImageWidth", "featureHorizontalSpacing", "featureHorizontalAlignment",
                    "featureVerticalSpacing", "footerActionSpacing", "footerPrimaryActionButtonCornerRadius", "footerVisualEffectViewPadding"]
        return random.distinct(random.int(1...5), of: keys).map { key in
            switch key {
            case "showsScrollViewIndicators": return (key, GeneratedDocument.bool(random.chance(0.5)))
            case "featureHorizontalAlignment":
                return (key, .string(random.pick(["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"])))
            case "contentPadding", "featureListPadding", "footerVisualEffectViewPadding":
                if random.chance(0.4) { return (key, .number(points(minimum: -100))) }
                return (key, .object(random.distinct(random.int(1...4), of: ["top", "leading", "bottom", "trailing"]).map { ($0, .number(points(minimum: -100))) }))
            case "featureImageWidth", "footerPrimaryActionButtonCornerRadius": return (key, .number(points(minimum: 0)))
            default: return (key, .number(points(minimum: -100)))
            }
        }
    }

    /// A number of points as YAML and JSON both write it: integers, decimals, exponents.
    mutating func points(minimum: Int) -> String {
        switch random.int(0...4) {
        case 0: return String(random.int(minimum...300))
        case 1: return "\(random.int(max(0, minimum)...99)).\(random.pick(["5", "25", "1", "125", "0"]))"
        case 2: return random.pick(["1e2", "2.5E1", "1e-2", "10000", "0"])
        case 3: return minimum < 0 ? "-\(random.int(1...99)).5" : "0.5"
        default: return String(random.int(0...80))
        }
    }
}

/// The identity of a version by precedence (build metadata ignored), to keep generated versions unique.
private func SemanticVersionKey(_ text: String) -> String {
    var text = text.hasPrefix("v") ? String(text.dropFirst()) : text
    var prerelease = ""
    if let dash = text.firstIndex(of: "-") {
        prerelease = String(text[dash...])
        text = String(text[..<dash])
    }
    var numbers = text.split(separator: ".").map(String.init)
    while numbers.count < 3 { numbers.append("0") }
    return numbers.joined(separator: ".") + prerelease
}

private extension String {
    func trimmingLeadingWhitespace() -> String {
        String(drop { $0.isWhitespace })
    }
}
