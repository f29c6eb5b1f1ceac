/// The emoji shown for well-known SF Symbol names in the terminal and in Markdown ('•' for the rest).
package enum SymbolGlyphs {
    package static let fallback = "•"

    static let table: [String: String] = [
        "star": "⭐", "bolt": "⚡", "lock.shield": "🔒", "lock": "🔒", "bell": "🔔", "wand.and.stars": "✨", "sparkles": "✨",
        "map": "🗺️", "heart": "❤️", "gear": "⚙️", "gearshape": "⚙️", "paintpalette": "🎨", "paintbrush": "🖌️",
        "mountain.2": "⛰️", "applewatch": "⌚", "camera": "📷", "photo": "🖼️", "globe": "🌐", "magnifyingglass": "🔍",
        "icloud": "☁️", "cloud": "☁️", "person": "👤", "person.2": "👥", "flag": "🚩", "bookmark": "🔖", "calendar": "📅",
        "clock": "⏰", "alarm": "⏰", "envelope": "✉️", "paperplane": "📨", "trash": "🗑️", "folder": "📁", "doc": "📄",
        "doc.text": "📄", "pencil": "✏️", "hammer": "🔨", "wrench": "🔧", "wrench.and.screwdriver": "🛠️", "checkmark": "✅",
        "checkmark.seal": "✅", "xmark": "❌", "exclamationmark.triangle": "⚠️", "info": "ℹ️", "lightbulb": "💡", "flame": "🔥",
        "leaf": "🍃", "sun.max": "☀️", "moon": "🌙", "moon.stars": "🌙", "gift": "🎁", "cart": "🛒", "creditcard": "💳",
        "chart.bar": "📊", "chart.line.uptrend.xyaxis": "📈", "music.note": "🎵", "play": "▶️", "hand.thumbsup": "👍",
        "location": "📍", "mappin": "📍", "airplane": "✈️", "car": "🚗", "house": "🏠", "shield": "🛡️", "key": "🔑",
        "battery.100": "🔋", "wifi": "📶", "antenna.radiowaves.left.and.right": "📡", "iphone": "📱", "ipad": "📱",
        "desktopcomputer": "🖥️", "laptopcomputer": "💻", "keyboard": "⌨️", "printer": "🖨️", "tv": "📺", "gamecontroller": "🎮",
        "headphones": "🎧", "speaker.wave.2": "🔊", "mic": "🎤", "video": "🎥", "book": "📖", "books.vertical": "📚",
        "graduationcap": "🎓", "figure.walk": "🚶", "figure.hiking": "🥾", "bicycle": "🚲", "tram": "🚊", "bus": "🚌",
        "eye": "👁️", "hand.raised": "✋", "bubble.left": "💬", "message": "💬", "phone": "📞", "link": "🔗", "paperclip": "📎",
        "scissors": "✂️", "tag": "🏷️", "bag": "👜", "cup.and.saucer": "☕", "fork.knife": "🍴", "pills": "💊", "cross": "✝️",
        "drop": "💧", "snowflake": "❄️", "cloud.rain": "🌧️", "thermometer": "🌡️", "bolt.heart": "💓", "crown": "👑",
        "trophy": "🏆", "medal": "🏅", "rosette": "🏵️", "puzzlepiece": "🧩", "cube": "🧊", "shippingbox": "📦",
        "arrow.clockwise": "🔄", "arrow.triangle.2.circlepath": "🔄", "square.and.arrow.up": "📤", "square.and.arrow.down": "📥",
        "bandage": "🩹", "ant": "🐜", "ladybug": "🐞", "hare": "🐇", "tortoise": "🐢", "pawprint": "🐾", "tree": "🌳",
    ]

    /// The glyph for an SF Symbol name: the table's emoji for it, or for it without a `.fill`, `.circle`,
    /// `.square` or `.slash` variant suffix; otherwise '•'.
    package static func glyph(forSystemName name: String) -> String {
        var base = Substring(name)
        while true {
            if let glyph = table[String(base)] { return glyph }
            guard let dot = base.lastIndex(of: "."),
                  ["fill", "circle", "square", "slash", "badge", "rectangle", "2x2"].contains(base[base.index(after: dot)...]) else {
                return fallback
            }
            base = base[..<dot]
        }
    }
}
