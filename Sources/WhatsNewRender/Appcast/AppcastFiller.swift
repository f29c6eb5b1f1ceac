import WhatsNewModel

/// `compile --into appcast.xml`: fills the `<description>` of each item of an existing appcast (as Sparkle's
/// `generate_appcast` writes one) with the notes of its version, as HTML in a CDATA section, and leaves every
/// other byte of the file as it was: the XML declaration, comments, white space, order, enclosures and their
/// signatures.
///
/// An item is a version's when its `sparkle:version` is that version's `build`, else when its
/// `sparkle:shortVersionString` is the version (`1.2` is 1.2.0), else — without a short version — when its
/// `sparkle:version` is the version. (Each read as Sparkle reads it: the `<enclosure>`'s attribute, else the
/// item's element.) An item's `<description>` is replaced whole; an item without one gets one after its
/// `<title>` (else its `<sparkle:version>`, else before its first child), on a line of its own with that
/// element's indentation.
package struct AppcastFiller {
    package struct Filled {
        package var bytes: [UInt8]
        /// Whether any byte differs from the file's.
        package var changed: Bool
        /// The selected versions no item of the appcast is for.
        package var versionsWithoutItem: [ReleaseNotes.Version]
        /// The item whose description took the filled file past `budget`, and how many items were filled up to it
        /// (then nothing else is filled).
        package var overBudget: (item: AppcastDocument.Item, filledItems: Int)?
    }

    /// The appcast `bytes` with the descriptions of `notes`, unless the filled file would be larger than `budget`
    /// bytes (a version's notes go into every item for it, and an appcast may have many): then `overBudget`
    /// says where, and the file is not made.
    package static func fill(_ bytes: [UInt8], with notes: ReleaseNotes, budget: Int = Int.max) throws(AppcastDocument.Problem) -> Filled {
        let document = try AppcastDocument(bytes)
        var byBuild: [String: Int] = [:]
        var byVersion: [SemanticVersion: Int] = [:]
        for (index, version) in notes.versions.enumerated() {
            if let build = version.build, byBuild[build] == nil { byBuild[build] = index }
            if byVersion[version.version] == nil { byVersion[version.version] = index }
        }
        func match(_ item: AppcastDocument.Item) -> Int? {
            if let build = item.build, let index = byBuild[build] { return index }
            if let short = item.shortVersion { return SemanticVersion(short).flatMap { byVersion[$0] } }
            return item.build.flatMap(SemanticVersion.init).flatMap { byVersion[$0] }
        }
        let html = VersionHTML()
        var descriptions: [Int: [UInt8]] = [:]
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        var matched = Set<Int>()
        var size = bytes.count
        for item in document.items {
            guard let index = match(item) else { continue }
            matched.insert(index)
            if descriptions[index] == nil {
                var description = OutputBuffer()
                description += "<description>"
                XMLEscaping.appendCDATA(html.render(notes.versions[index], withTitle: true), to: &description)
                description += "</description>"
                descriptions[index] = description.bytes
            }
            guard let description = descriptions[index] else { continue }
            let editCount = edits.count
            if let existing = item.description {
                if !bytes[existing].elementsEqual(description) { edits.append((existing, description)) }
            } else if let anchor = item.title ?? item.versionElement {
                // On a line of its own after the element, indented as it is (beside it when the element shares its line).
                let indentation = Self.indentation(before: anchor.lowerBound, in: bytes)
                edits.append((anchor.upperBound..<anchor.upperBound, indentation.map { [UInt8(ascii: "\n")] + $0 + description } ?? description))
            } else if let first = item.firstChild {
                let indentation = Self.indentation(before: first.lowerBound, in: bytes)
                edits.append((first.lowerBound..<first.lowerBound, description + (indentation.map { [UInt8(ascii: "\n")] + $0 } ?? [])))
            }
            if edits.count > editCount, let edit = edits.last {
                size += edit.bytes.count - edit.range.count
                guard size <= budget else {
                    return Filled(bytes: [], changed: false, versionsWithoutItem: [], overBudget: (item, editCount))
                }
            }
        }
        var filled: [UInt8] = []
        filled.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            filled += bytes[copied..<edit.range.lowerBound]
            filled += edit.bytes
            copied = edit.range.upperBound
        }
        filled += bytes[copied...]
        let unmatched = notes.versions.indices.filter { !matched.contains($0) }.map { notes.versions[$0] }
        return Filled(bytes: filled, changed: !edits.isEmpty, versionsWithoutItem: unmatched, overBudget: nil)
    }

    /// The spaces and tabs between the start of the line and `offset`, or nil when something else stands there.
    static func indentation(before offset: Int, in bytes: [UInt8]) -> [UInt8]? {
        var start = offset
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return nil }
        return Array(bytes[start..<offset])
    }
}
