extension LineIndex {
    /// The index of `bytes`, the text after `old` was replaced by `insertedCount` bytes, made from this one by
    /// scanning only the lines the edit touched (and one before it, for a CR LF split or joined at its start):
    /// a keystroke in a 1 MB text costs a line, not the text. Gives exactly `LineIndex(bytes)`
    /// (`LineIndexTests` holds the two to it on random edits).
    func replacing(_ old: Range<Int>, insertedCount: Int, in bytes: [UInt8]) -> LineIndex {
        let delta = insertedCount - old.count
        let firstLine = max(0, line(containing: old.lowerBound) - 1)
        let scanStart = lineStarts[firstLine]
        // The first line that starts after the edit's end (its break is after the edit, so it is unchanged).
        var after = line(containing: old.upperBound) + 1
        if after < lineStarts.count, lineStarts[after] <= old.upperBound { after += 1 }
        let scanEnd = after < lineStarts.count ? lineStarts[after] + delta : bytes.count
        var starts = Array(lineStarts[0...firstLine])
        var index = scanStart
        while index < scanEnd {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                if index < scanEnd { starts.append(index) }
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                if index < scanEnd { starts.append(index) }
            }
        }
        if after < lineStarts.count {
            starts.append(contentsOf: lineStarts[after...].lazy.map { $0 + delta })
        } else if let last = bytes.last, last == 0x0A || last == 0x0D, starts.last != bytes.count {
            starts.append(bytes.count)
        }
        return LineIndex(bytes: bytes, lineStarts: starts)
    }

    /// The 0-based line an offset is on.
    func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
