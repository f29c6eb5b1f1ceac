import YAMLTree
import SourceText
import WhatsNewModel

extension SourceLocation {
    /// The location from the start of `first` to the end of `last`, two nodes of the tree of the file numbered
    /// `fileID` (a key and its value).
    package init(fileID: SourceFileID, from first: YAMLNode, through last: YAMLNode) {
        self.init(fileID: fileID, startOffset: first.startOffset, endOffset: max(first.endOffset, last.endOffset))
    }
}
