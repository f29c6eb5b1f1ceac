/// "Did you mean" suggestions: the candidate closest to a misspelled word by edit distance.
package enum Suggestion {
    /// The candidate nearest to `word`, if one is near enough to be a likely typo: a case-only
    /// difference, or at most one edit per four characters (at most three), counting a swap of two
    /// neighbours as one edit. Ties go to the earlier candidate.
    package static func closest<S: Sequence<String>>(to word: String, in candidates: S) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, target.count / 4))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars), limit: limit)
            guard distance <= limit else { continue }
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// "; did you mean 'x'?" for the closest candidate, or "".
    package static func phrase(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance (insert, delete, substitute, swap neighbours), or a value
    /// above `limit` as soon as it must exceed it.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
