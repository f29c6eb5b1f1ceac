import Mustache

/// A list of the template context (the versions, a version's features), which charges `TemplateLookups` for
/// each item a section renders and ends early once the rendering's budget is spent: a section nested in itself
/// (`{{#versions}}{{#versions}}…`) renders every item again for each item, and a few levels of it would run for
/// hours and fill the memory.
final class TemplateSequence: MustacheSequence, MustacheTransformable, CustomStringConvertible {
    let elements: [Any]
    /// What one item costs: 1, and the text the section writes on each item (see `TemplateSyntax.sectionText`).
    let cost: Int
    /// The name of the list (the last part of its path), to say where the budget ran out.
    let name: String
    private unowned let lookups: TemplateLookups

    init(elements: [Any], cost: Int, name: String, lookups: TemplateLookups) {
        self.elements = elements
        self.cost = cost
        self.name = name
        self.lookups = lookups
    }

    struct Iterator: IteratorProtocol {
        fileprivate var items: IndexingIterator<[Any]>
        fileprivate let sequence: TemplateSequence

        mutating func next() -> Any? {
            guard sequence.lookups.spend(sequence.cost, on: sequence.name) else { return nil }
            return items.next()
        }
    }

    func makeIterator() -> Iterator {
        Iterator(items: elements.makeIterator(), sequence: self)
    }

    /// swift-mustache's transforms of a list (`first`, `last`, `reversed`, `count`, `empty`); a reversed list is
    /// charged as this one is.
    func transform(_ name: String) -> Any? {
        switch elements.transform(name) {
        case let reversed as ReversedCollection<[Any]>:
            return TemplateSequence(elements: Array(reversed), cost: cost, name: self.name, lookups: lookups)
        case let other:
            return other
        }
    }

    var description: String { String(describing: elements) }
}
