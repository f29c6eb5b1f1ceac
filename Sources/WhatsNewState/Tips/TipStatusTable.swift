import WhatsNewText

/// `tip status`'s table: one row per tip (id, status, displays on every device, what holds it back — "-"
/// for a tip that would be shown now), columns padded by display width, every value terminal-safe.
package enum TipStatusTable {
    package static func render(_ evaluations: [TipEvaluation]) -> String {
        let header = ["TIP", "STATUS", "DISPLAYS", "HELD BACK BY"]
        let rows = evaluations.map { evaluation in
            [evaluation.id, evaluation.status.description, String(evaluation.displays),
             evaluation.hold?.description ?? (evaluation.wouldShow ? "-" : "")].map { StyledText($0).plainText }
        }
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) } }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
            }.joined().trimmingTrailingSpaces
        }.joined(separator: "\n") + "\n"
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
