import Mustache
import SourceText
import WhatsNewDiagnostics
import WhatsNewText

/// Which variables a template looks up where the notes never have them (`unknown-template-variable`).
///
/// swift-mustache looks a name up in the objects of its context stack, innermost first, through
/// `MustacheParent.child(named:)`, and renders a name that none has as nothing. `wrap` puts each dictionary of
/// the context in a `TemplateObject` that reports every lookup here. A lookup that misses is followed by the
/// same name asked of the next object out, until one has it; a name that the last object asked also misses,
/// and that none of the objects asked could ever have (its `Place` lists the keys every dictionary at that path
/// of the context has, and those only some have, such as a version's `secondaryAction`), is unknown. (The
/// second name of `title.htlm` is asked of `title` alone, so it is judged there.)
final class TemplateLookups {
    /// A path of the context ("" the top level, "versions", "versions.features.title") and every key its
    /// dictionaries may have.
    final class Place {
        let path: String
        var keys: Set<String>

        init(path: String, keys: Set<String>) {
            self.path = path
            self.keys = keys
        }
    }

    /// A name no object asked could have: the places asked, innermost first.
    struct Unknown {
        let name: String
        let places: [Place]
    }

    /// Keys that only some of the dictionaries at a path have.
    private static let sometimes: [String: Set<String>] = [
        "versions": ["secondaryAction", "markdownFooter", "hasMarkdownFooter"],
        "versions.secondaryAction": ["url", "present", "dismiss", "custom"],
    ]

    private var places: [String: Place] = [:]
    /// The work the rendering may do, in lookups, items of sections and bytes of their own text (see `spend`).
    let budget: Int
    /// The text each section writes on each of its items, by the name's last part (`TemplateSyntax.sectionText`).
    private let sectionText: [String: Int]
    private var spent = 0
    /// The list whose item, or the name whose lookup, passed the budget; nil while within it.
    private(set) var exhaustedAt: String?

    /// Lookups for a rendering that may do `budget` units of work, in a template whose sections write
    /// `sectionText` on each item.
    init(budget: Int = .max, sectionText: [String: Int] = [:]) {
        self.budget = budget
        self.sectionText = sectionText
    }

    /// Counts `units` of work on `name`; false, from then on, once the budget is passed: the lookups then find
    /// nothing and the lists end, so the rendering ends soon after, and its output is cut.
    func spend(_ units: Int, on name: String) -> Bool {
        guard exhaustedAt == nil else { return false }
        let (sum, overflow) = spent.addingReportingOverflow(units)
        spent = overflow ? Int.max : sum
        guard spent <= budget else {
            exhaustedAt = name
            return false
        }
        return true
    }
    /// The name that missed last, the places asked for it so far, and the object asked last.
    private var pending: (name: String, places: [Place], object: ObjectIdentifier)?
    private var reported: Set<String> = []
    private(set) var unknown: [Unknown] = []

    /// The context with its dictionaries wrapped, so that lookups are seen.
    func wrap(_ value: Any, path: String = "") -> Any {
        switch value {
        case let dictionary as [String: Any]:
            let place = self.place(path)
            place.keys.formUnion(dictionary.keys)
            var wrapped: [String: Any] = [:]
            for (key, inner) in dictionary { wrapped[key] = wrap(inner, path: path.isEmpty ? key : path + "." + key) }
            return TemplateObject(values: wrapped, place: place, lookups: self)
        case let array as [Any]:
            let name = path.split(separator: ".").last.map(String.init) ?? path
            return TemplateSequence(elements: array.map { wrap($0, path: path) }, cost: 1 + (sectionText[name] ?? 0), name: name, lookups: self)
        default:
            return value
        }
    }

    private func place(_ path: String) -> Place {
        if let known = places[path] { return known }
        let made = Place(path: path, keys: Self.sometimes[path] ?? [])
        places[path] = made
        return made
    }

    /// A lookup of `name` in `object` (at `place`), and whether it found a value.
    fileprivate func looked(up name: String, in object: TemplateObject, found: Bool) {
        let identifier = ObjectIdentifier(object)
        if var climbing = pending, climbing.name == name, climbing.object != identifier {
            if found {
                pending = nil
            } else {
                climbing.places.append(object.place)
                climbing.object = identifier
                pending = climbing
            }
            return
        }
        finishPending()
        if !found { pending = (name, [object.place], identifier) }
    }

    /// Judges the last lookup (call once rendering is done).
    func finish() {
        // A lookup cut by the budget is not judged: the name may well be further out.
        if exhaustedAt != nil { pending = nil }
        finishPending()
    }

    private func finishPending() {
        guard let missed = pending else { return }
        pending = nil
        guard !missed.places.contains(where: { $0.keys.contains(missed.name) }) else { return }
        guard reported.insert(missed.name + "\u{0}" + (missed.places.first?.path ?? "")).inserted else { return }
        unknown.append(Unknown(name: missed.name, places: missed.places))
    }
}

/// A dictionary of the template context that tells `TemplateLookups` what is looked up in it.
final class TemplateObject: MustacheParent, CustomStringConvertible {
    let values: [String: Any]
    let place: TemplateLookups.Place
    private unowned let lookups: TemplateLookups

    init(values: [String: Any], place: TemplateLookups.Place, lookups: TemplateLookups) {
        self.values = values
        self.place = place
        self.lookups = lookups
    }

    func child(named name: String) -> Any? {
        guard lookups.spend(1, on: name) else { return nil }
        let value = values[name]
        lookups.looked(up: name, in: self, found: value != nil)
        return value
    }

    /// A dictionary written as a variable (`{{app}}`) renders as nothing (its keys have no order to print in).
    var description: String { "" }
}

/// Mustache syntax errors in words, and where an unknown variable is written, found by reading the template's
/// tags (with the default delimiters; a template that changes them gets positions at its start).
enum TemplateSyntax {
    /// A tag: its sigil (`#`, `^`, `/`, `&`, `{`, `>`, `<`, `$`, `!`, `=`, `%`, or none for a variable), its
    /// name, and where the name begins and the tag begins and ends, as byte offsets.
    struct Tag {
        let sigil: UInt8?
        let name: String
        let nameStart: Int
        let start: Int
    }

    private static let sigils: Set<UInt8> = Set("#^/&{><$!=%".utf8)
    private static let nameBytes: Set<UInt8> = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*()".utf8)

    /// The tags of `bytes` that begin before `limit`, or nil when the template changes its delimiters.
    static func tags(in bytes: [UInt8], before limit: Int = .max) -> [Tag]? {
        var tags: [Tag] = []
        var index = 0
        while index + 1 < bytes.count, index < limit {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let start = index
            index += 2
            var sigil: UInt8?
            if index < bytes.count, sigils.contains(bytes[index]) {
                sigil = bytes[index]
                index += 1
            }
            if sigil == UInt8(ascii: "=") { return nil }
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            let nameStart = index
            while index < bytes.count, nameBytes.contains(bytes[index]) { index += 1 }
            tags.append(Tag(sigil: sigil, name: String(decoding: bytes[nameStart..<index], as: UTF8.self), nameStart: nameStart, start: start))
            if sigil == UInt8(ascii: "!") {
                // A comment runs to its closing braces.
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "}") && bytes[index + 1] == UInt8(ascii: "}")) { index += 1 }
            }
        }
        return tags
    }

    /// The sections open at `limit` (`{{#a}}`, `{{^a}}`, `{{$a}}`, `{{<a}}` not yet closed), innermost last.
    static func openSections(in bytes: [UInt8], before limit: Int) -> [Tag]? {
        guard let tags = tags(in: bytes, before: limit) else { return nil }
        var open: [Tag] = []
        for tag in tags {
            switch tag.sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"): open.append(tag)
            case UInt8(ascii: "/"): if !open.isEmpty { open.removeLast() }
            default: break
            }
        }
        return open
    }

    /// What a parse error means and how to fix it; `offset` is where swift-mustache stopped.
    static func explain(_ error: any Error, at offset: Int, in file: SourceFile) -> (message: String, fix: String) {
        let bytes = file.bytes
        func position(_ tag: Tag) -> String {
            let mark = file.mark(atOffset: tag.start)
            return "\(mark.line):\(mark.column)"
        }
        guard let error = error as? MustacheTemplate.Error else {
            // swift-mustache's reader stops with `overflow` at the end of the text, inside a tag.
            return ("the template ends inside a tag or comment; expected '}}' to close it",
                    "close the tag or comment with '}}'")
        }
        switch error {
        case .sectionCloseNameIncorrect:
            var end = offset
            while end < bytes.count, nameBytes.contains(bytes[end]) || bytes[end] == 0x20 { end += 1 }
            let closing = String(decoding: bytes[offset..<end], as: UTF8.self).trimmingSpaces
            if let open = openSections(in: bytes, before: max(0, offset - 3))?.last {
                return ("'{{/\(closing)}}' closes a section that is not the one open; expected '{{/\(open.name)}}', "
                            + "the close of '{{\(Character(Unicode.Scalar(open.sigil ?? 35)))\(open.name)}}' (opened at \(position(open)))",
                        "close '\(open.name)' with '{{/\(open.name)}}' first, or correct the name")
            }
            return ("'{{/\(closing)}}' closes a section that is not open; expected a '{{#\(closing)}}' or '{{^\(closing)}}' before it",
                    "open the section before it, or remove the '{{/\(closing)}}'")
        case .expectedSectionEnd:
            if let open = openSections(in: bytes, before: bytes.count)?.last {
                return ("the section '{{\(Character(Unicode.Scalar(open.sigil ?? 35)))\(open.name)}}' opened at \(position(open)) is never closed; "
                            + "expected '{{/\(open.name)}}' before the end of the template",
                        "add '{{/\(open.name)}}' where the section ends")
            }
            return ("a section is never closed; expected its '{{/name}}' before the end of the template", "close every section with '{{/name}}'")
        case .unfinishedName:
            return ("a tag is not finished; expected a name of letters, digits and '.', '-', '_', '?' or '*' (a transform as 'f(name)'), "
                        + "then '}}' ('}}}' after '{{{')",
                    "correct the name, or close the tag")
        case .invalidSetDelimiter:
            return ("invalid set-delimiter tag; expected two delimiters, without '=' or spaces in them, between '=' signs: '{{=<% %>=}}'",
                    "write it as '{{=<% %>=}}' with the delimiters you want")
        case .transformAppliedToInheritanceSection:
            return ("a block ('{{$name}}') cannot take a transform; expected '{{$name}}', found a transform such as '{{$f(name)}}'",
                    "remove the transform from the block's tag")
        case .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return ("inside a parent ('{{<name}}' … '{{/name}}') only blocks ('{{$block}}' … '{{/block}}') and white space may appear; "
                        + "found another tag or text",
                    "put what overrides the parent inside a '{{$block}}', or move it out of the parent")
        case .invalidConfigVariableSyntax:
            return ("invalid pragma; expected '{{% NAME: VALUE }}', such as '{{% CONTENT_TYPE: TEXT }}'", "write it as '{{% CONTENT_TYPE: TEXT }}'")
        case .unrecognisedConfigVariable:
            return ("unknown pragma; expected '{{% CONTENT_TYPE: HTML }}' or '{{% CONTENT_TYPE: TEXT }}' (the only one there is)",
                    "remove it, or write CONTENT_TYPE with HTML or TEXT")
        @unknown default:
            return ("\(error)", "see the Mustache manual, mustache(5)")
        }
    }

    /// The `unknown-template-variable` warning for `unknown`, at the first tag whose name holds it.
    static func diagnostic(_ unknown: TemplateLookups.Unknown, in file: SourceFile) -> Diagnostic {
        var written = unknown.name
        var range = SourceRange.fileStart
        if let tag = tags(in: file.bytes)?.first(where: { tag in
            tag.sigil != UInt8(ascii: "!") && tag.sigil != UInt8(ascii: ">")
                && tag.name.split(whereSeparator: { $0 == "." || $0 == "(" || $0 == ")" }).contains { $0 == unknown.name }
        }) {
            written = tag.name
            range = SourceRange(start: file.mark(atOffset: tag.nameStart), end: file.mark(atOffset: tag.nameStart + tag.name.utf8.count))
        }
        let everything = unknown.places.flatMap(\.keys)
        let suggestion = Suggestion.closest(to: unknown.name, in: everything).map { "; did you mean '\($0)'? expected" } ?? "; expected"
        let lists = unknown.places.map { place in
            (place.path.isEmpty ? "the top level" : "'\(place.path)'") + " (" + place.keys.sorted().joined(separator: ", ") + ")"
        }
        let shown = written == unknown.name ? "'\(written)'" : "'\(unknown.name)' in '\(written)'"
        return Diagnostic(.warning, code: .unknownTemplateVariable,
                          message: "unknown template variable \(shown), which renders as nothing\(suggestion) a variable of "
                              + lists.joined(separator: " or of "),
                          file: file, range: range,
                          fix: "use one of the variables listed, or remove the tag")
    }
}
