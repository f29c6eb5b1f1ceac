/// A set of Unicode scalar values as sorted, disjoint, non-adjacent ranges, with a bitmap for ASCII.
struct ScalarSet: Sendable, Hashable {
    /// Inclusive bounds, two per range: `[low0, high0, low1, high1, …]`.
    private(set) var bounds: [UInt32]
    private var asciiLow: UInt64 = 0
    private var asciiHigh: UInt64 = 0

    init(ranges: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        bounds = []
        bounds.reserveCapacity(merged.count * 2)
        for range in merged {
            bounds.append(range.lowerBound)
            bounds.append(range.upperBound)
        }
        for range in merged where range.lowerBound < 128 {
            for value in range.lowerBound...min(range.upperBound, 127) {
                if value < 64 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 64) }
            }
        }
    }

    init(_ scalars: UInt32...) {
        self.init(ranges: scalars.map { $0...$0 })
    }

    var ranges: [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(bounds.count / 2)
        for index in stride(from: 0, to: bounds.count, by: 2) { result.append(bounds[index]...bounds[index + 1]) }
        return result
    }

    /// Every scalar value not in this set.
    var inverted: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if next <= 0x10FFFF { result.append(next...0x10FFFF) }
        return ScalarSet(ranges: result)
    }

    func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(ranges: ranges + other.ranges)
    }

    /// The scalars of this set that are not in `other`.
    func subtracting(_ other: ScalarSet) -> ScalarSet {
        let kept = other.inverted.ranges
        var result: [ClosedRange<UInt32>] = []
        var next = 0
        // Both lists are sorted and disjoint: one pass over each.
        for range in ranges {
            while next < kept.count, kept[next].upperBound < range.lowerBound { next += 1 }
            var index = next
            while index < kept.count, kept[index].lowerBound <= range.upperBound {
                result.append(max(range.lowerBound, kept[index].lowerBound)...min(range.upperBound, kept[index].upperBound))
                index += 1
            }
        }
        return ScalarSet(ranges: result)
    }

    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
        var low = 0
        var high = bounds.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < bounds[2 * mid] { high = mid - 1 } else if value > bounds[2 * mid + 1] { low = mid + 1 } else { return true }
        }
        return false
    }

    /// `\d`: the ASCII digits.
    static let digits = ScalarSet(ranges: [0x30...0x39])
    /// `\w`: ASCII letters, digits and underscore.
    static let wordCharacters = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: ECMA-262 WhiteSpace and LineTerminator.
    static let whitespace = ScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// What `.` does not match: the ECMA-262 line terminators.
    static let lineTerminators = ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])
}
