import Markdown
import WhatsNewCore

/// Terminal text with ANSI escape sequences as HTML, for the terminal page: SGR styles and colours become
/// `<span>`s (the 16 palette colours as classes `f0`…`f15` and `g0`…`g15`, which the page's light and dark
/// palettes colour; 256-colour and true-colour values as inline colours), OSC 8 links to http, https or mailto
/// addresses become links, and every other sequence and control character is dropped. All text is escaped.
struct ANSIHTML {
    enum Color: Hashable {
        case palette(Int)
        case rgb(UInt8, UInt8, UInt8)
    }

    struct Style: Hashable {
        var bold = false, dim = false, italic = false, underline = false, strike = false, inverse = false
        var foreground: Color?
        var background: Color?
    }

    /// The HTML of `text`.
    static func render(_ text: String) -> String {
        var renderer = ANSIHTML()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                index = renderer.readEscape(scalars, from: index + 1)
                continue
            }
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0x7F {
                index += 1
                continue
            }
            renderer.append(scalar)
            index += 1
        }
        renderer.close()
        return renderer.output
    }

    private var output = ""
    private var style = Style()
    private var link: String?
    /// What is open in the output: a link, then a span inside it.
    private var openLink = false
    private var openSpan = false
    private var pending = ""

    private mutating func append(_ scalar: Unicode.Scalar) {
        pending.unicodeScalars.append(scalar)
    }

    /// Writes the text held so far inside the current style and link.
    private mutating func flush() {
        guard !pending.isEmpty else { return }
        if !openLink, let link {
            output += "<a href=\"\(HTMLEscaping.escape(link))\">"
            openLink = true
        }
        if !openSpan, let attributes = Self.attributes(of: style) {
            output += "<span\(attributes)>"
            openSpan = true
        }
        output += HTMLEscaping.escape(pending)
        pending = ""
    }

    private mutating func close() {
        flush()
        if openSpan { output += "</span>" }
        if openLink { output += "</a>" }
        openSpan = false
        openLink = false
    }

    /// Reads the sequence after an ESC at `start`; returns where the text goes on.
    private mutating func readEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start] {
        case "[":
            var index = start + 1
            var parameters = ""
            while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) {
                parameters.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { return index }
            if scalars[index] == "m" { applySGR(parameters) }
            return index + 1
        case "]":
            var index = start + 1
            var body = ""
            while index < scalars.count {
                if scalars[index] == "\u{07}" { index += 1; break }
                if scalars[index] == "\u{1B}" {
                    index += index + 1 < scalars.count && scalars[index + 1] == "\\" ? 2 : 1
                    break
                }
                if body.unicodeScalars.count < 8192 { body.unicodeScalars.append(scalars[index]) }
                index += 1
            }
            applyOSC(body)
            return index
        default:
            return start + 1
        }
    }

    private mutating func applyOSC(_ body: String) {
        let parts = body.split(separator: ";", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "8" else { return }
        let target = String(parts[2])
        let lower = target.lowercased()
        let allowed = (lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:"))
            && !target.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
        close()
        link = allowed ? target : nil
    }

    private mutating func applySGR(_ parameters: String) {
        let codes = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var next = style
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: next = Style()
            case 1: next.bold = true
            case 2: next.dim = true
            case 3: next.italic = true
            case 4: next.underline = true
            case 7: next.inverse = true
            case 9: next.strike = true
            case 22: next.bold = false; next.dim = false
            case 23: next.italic = false
            case 24: next.underline = false
            case 27: next.inverse = false
            case 29: next.strike = false
            case 30...37: next.foreground = .palette(code - 30)
            case 39: next.foreground = nil
            case 40...47: next.background = .palette(code - 40)
            case 49: next.background = nil
            case 90...97: next.foreground = .palette(code - 90 + 8)
            case 100...107: next.background = .palette(code - 100 + 8)
            case 38, 48:
                let (color, used) = Self.extendedColor(codes, at: index + 1)
                if let color {
                    if code == 38 { next.foreground = color } else { next.background = color }
                }
                index += used
            default: break
            }
            index += 1
        }
        guard next != style else { return }
        flush()
        if openSpan { output += "</span>" }
        openSpan = false
        style = next
    }

    /// The colour of `5;N` or `2;R;G;B` at `index`, and how many codes it took.
    static func extendedColor(_ codes: [Int], at index: Int) -> (Color?, Int) {
        guard index < codes.count else { return (nil, 0) }
        if codes[index] == 5, index + 1 < codes.count {
            let value = codes[index + 1]
            return ((0...255).contains(value) ? .palette(value) : nil, 2)
        }
        if codes[index] == 2, index + 3 < codes.count {
            let channels = codes[(index + 1)...(index + 3)]
            guard channels.allSatisfy({ (0...255).contains($0) }) else { return (nil, 4) }
            let values = channels.map { UInt8($0) }
            return (.rgb(values[0], values[1], values[2]), 4)
        }
        return (nil, 1)
    }

    /// ` class="…" style="…"` for `style`, or nil for the plain style.
    static func attributes(of style: Style) -> String? {
        var classes: [String] = []
        var css: [String] = []
        if style.bold { classes.append("b") }
        if style.dim { classes.append("d") }
        if style.italic { classes.append("i") }
        if style.underline { classes.append("u") }
        if style.strike { classes.append("s") }
        var foreground = style.foreground
        var background = style.background
        if style.inverse {
            swap(&foreground, &background)
            if foreground == nil { classes.append("fbg") }
            if background == nil { classes.append("gfg") }
        }
        for (color, prefix, property) in [(foreground, "f", "color"), (background, "g", "background-color")] {
            guard let color else { continue }
            switch color {
            case .palette(let value) where value < 16: classes.append(prefix + String(value))
            case .palette(let value): css.append("\(property):\(hex(xterm(value)))")
            case .rgb(let red, let green, let blue): css.append("\(property):\(hex((red, green, blue)))")
            }
        }
        guard !classes.isEmpty || !css.isEmpty else { return nil }
        var attributes = ""
        if !classes.isEmpty { attributes += " class=\"\(classes.joined(separator: " "))\"" }
        if !css.isEmpty { attributes += " style=\"\(css.joined(separator: ";"))\"" }
        return attributes
    }

    /// The colour xterm gives palette entry 16…255: the 6×6×6 cube, then 24 greys.
    static func xterm(_ value: Int) -> (UInt8, UInt8, UInt8) {
        if value >= 232 {
            let grey = UInt8(clamping: 8 + 10 * (value - 232))
            return (grey, grey, grey)
        }
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        let cube = max(0, value - 16)
        return (levels[(cube / 36) % 6], levels[(cube / 6) % 6], levels[cube % 6])
    }

    static func hex(_ color: (UInt8, UInt8, UInt8)) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String([color.0, color.1, color.2].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }
}
