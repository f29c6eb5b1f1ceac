/// A number as its text writes it, `significand × 10^exponent`, for `multipleOf` without binary rounding:
/// `0.0075` is a multiple of `0.0001`, which `0.0075 / 0.0001` in `Double` (74.99999999999999) denies.
struct DecimalNumber: Sendable, Hashable {
    /// The digits without sign, leading or trailing zeros.
    let significand: UInt64
    let exponent: Int
    let isNegative: Bool

    /// The number a JSON or YAML decimal literal (`-12.5e3`) writes; nil for other forms (`0x1F`, `.inf`)
    /// and for more than 19 significant digits.
    init?(_ text: String) {
        var utf8 = Substring(text).utf8[...]
        var negative = false
        if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            utf8 = utf8.dropFirst()
        }
        var significand: UInt64 = 0
        var exponent = 0
        var digits = 0
        /// Zeros after the last other digit: part of the significand only if another digit follows.
        var zeros = 0
        var seenPoint = false
        var seenDigit = false
        while let byte = utf8.first {
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                seenDigit = true
                let digit = UInt64(byte - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
                if digit == 0 {
                    if significand != 0 { zeros += 1 }
                } else {
                    digits += zeros + 1
                    guard digits <= 19 else { return nil }
                    for _ in 0..<zeros { significand *= 10 }
                    significand = significand * 10 + digit
                    zeros = 0
                }
            } else {
                break
            }
            utf8 = utf8.dropFirst()
        }
        exponent += zeros
        guard seenDigit else { return nil }
        if let marker = utf8.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            guard let power = Int(String(decoding: utf8.dropFirst(), as: UTF8.self)), abs(power) < 1_000_000 else { return nil }
            exponent += power
        } else if !utf8.isEmpty {
            return nil
        }
        self.significand = significand
        self.exponent = significand == 0 ? 0 : exponent
        isNegative = negative && significand != 0
    }

    /// Whether this number is an integer multiple of `divisor` (which is not zero), exactly.
    func isMultiple(of divisor: DecimalNumber) -> Bool {
        guard significand != 0 else { return true }
        guard divisor.significand != 0 else { return false }
        if exponent < divisor.exponent {
            // this = a·10^e, divisor = b·10^f with f > e: a·10^e / (b·10^f) is an integer only when
            // b·10^(f-e) divides a, which is smaller than it unless 10^(f-e) fits.
            let (scale, overflow) = Self.power(of: divisor.exponent - exponent)
            guard !overflow else { return false }
            let (modulus, overflowed) = divisor.significand.multipliedReportingOverflow(by: scale)
            guard !overflowed else { return false }
            return significand % modulus == 0
        }
        // a·10^k mod b, with 10^k taken modulo b by repeated squaring (k may be in the hundreds).
        let modulus = divisor.significand
        var result = significand % modulus
        var base: UInt64 = 10 % modulus
        var power = exponent - divisor.exponent
        while power > 0, result != 0 {
            if power & 1 == 1 { result = Self.multiply(result, base, modulo: modulus) }
            base = Self.multiply(base, base, modulo: modulus)
            power >>= 1
        }
        return result == 0
    }

    private static func multiply(_ a: UInt64, _ b: UInt64, modulo modulus: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return modulus.dividingFullWidth(product).remainder
    }

    /// 10^count, and whether it overflows.
    private static func power(of count: Int) -> (UInt64, Bool) {
        var result: UInt64 = 1
        for _ in 0..<count {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return (0, true) }
            result = next
        }
        return (result, false)
    }
}
