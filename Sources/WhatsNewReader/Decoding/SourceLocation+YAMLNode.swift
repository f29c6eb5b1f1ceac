import YAMLTree
import SourceText
import WhatsNewModel

extension SourceLocation {
    /// The location of a node of `file`'s tree (its lines and columns are not looked up).
    package init(file: SourceFile, node: YAMLNode) {
        self.init(file: file, startOffset: node.startOffset, endOffset: node.endOffset)
    }

    /// The location from the start of `first` to the end of `last`, two nodes of `file`'s tree (a key and its
    /// value).
    package init(file: SourceFile, from first: YAMLNode, through last: YAMLNode) {
        self.init(file: file, startOffset: first.startOffset, endOffset: max(first.endOffset, last.endOffset))
    }
}
