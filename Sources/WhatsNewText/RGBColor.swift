/// A concrete sRGB color with 8-bit channels and alpha, and its CSS, hex and 256-color forms.
package struct RGBColor: Sendable, Hashable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8
    /// Opacity, 0 (transparent) to 255 (opaque).
    package var alpha: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    package var isOpaque: Bool { alpha == 255 }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque, in upper case.
    package var hex: String { hex(digits: Self.upperDigits) }

    /// The CSS spelling: `#rrggbb` when opaque, `transparent` when fully clear, else `rgba(r, g, b, a)`.
    package var cssValue: String {
        if isOpaque { return hex(digits: Self.lowerDigits) }
        if alpha == 0 { return "transparent" }
        // Alpha as a decimal with up to three places, spelled the same on every machine.
        let thousandths = (Int(alpha) * 1000 + 127) / 255
        var fraction = String(thousandths)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "rgba(\(red), \(green), \(blue), 0.\(fraction))"
    }

    /// This color blended over an opaque `background`, as a terminal (which has no alpha) must show it.
    package func composited(over background: RGBColor) -> RGBColor {
        if isOpaque { return self }
        let opacity = Int(alpha)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            let blended: Int = Int(top) * opacity + Int(bottom) * (255 - opacity)
            return UInt8((blended + 127) / 255)
        }
        return RGBColor(red: mix(red, background.red), green: mix(green, background.green),
                        blue: mix(blue, background.blue))
    }

    /// The nearest color of the xterm 256-color palette from 16 up (the 16 below are the terminal theme's):
    /// the cube entry that keeps its hue, a gray only for a gray (see `TerminalColors`). Alpha is ignored.
    package var ansi256Index: Int {
        TerminalColors.ansi256Index(self, keeping: .none)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    package static func parseHex(_ text: String) -> RGBColor? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        for byte in bytes.dropFirst() {
            guard let digit = hexDigit(byte) else { return nil }
            digits.append(digit)
        }
        switch digits.count {
        case 3:
            return RGBColor(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        case 6, 8:
            let pairs = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
            return RGBColor(red: pairs[0], green: pairs[1], blue: pairs[2], alpha: pairs.count == 4 ? pairs[3] : 255)
        default:
            return nil
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `#` and two digits per channel (alpha only when not opaque), spelled with `digits`.
    private func hex(digits: StaticString) -> String {
        let channels = isOpaque ? [red, green, blue] : [red, green, blue, alpha]
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        bytes.reserveCapacity(1 + 2 * channels.count)
        digits.withUTF8Buffer { digits in
            for channel in channels {
                bytes.append(digits[Int(channel >> 4)])
                bytes.append(digits[Int(channel & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let upperDigits: StaticString = "0123456789ABCDEF"
    private static let lowerDigits: StaticString = "0123456789abcdef"
}
