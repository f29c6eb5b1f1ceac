#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Contrast arithmetic on colors (WCAG 2): what the HTML pages and the terminal's palette use to keep text readable.
extension RGBColor {
    /// `color` mixed toward black (`darker`) or white just enough to reach `target` contrast with every surface.
    /// Mixing toward black or white keeps the hue and saturation (HSV) of the color: only its value changes.
    package static func shaded(_ color: RGBColor, toContrast target: Double, on surfaces: [RGBColor], darker: Bool) -> RGBColor {
        func meets(_ candidate: RGBColor) -> Bool {
            surfaces.allSatisfy { contrast(candidate, $0) >= target }
        }
        if meets(color) { return color }
        func mixed(_ amount: Double) -> RGBColor {
            func channel(_ value: UInt8) -> UInt8 {
                let value = Double(value)
                return UInt8((darker ? value * (1 - amount) : value + (255 - value) * amount).rounded())
            }
            return RGBColor(red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
        }
        // The least amount that meets the target, to 1/4096: contrast grows with the amount.
        var (low, high) = (0.0, 1.0)
        for _ in 0..<12 {
            let middle = (low + high) / 2
            if meets(mixed(middle)) { high = middle } else { low = middle }
        }
        return mixed(high)
    }

    /// The WCAG contrast ratio of two opaque colors (1 to 21).
    package static func contrast(_ a: RGBColor, _ b: RGBColor) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// WCAG relative luminance.
    package static func luminance(_ color: RGBColor) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }
}
