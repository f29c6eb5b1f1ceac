internal import CUTF8Proc

/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji take two,
/// combining marks, controls and most format characters none, everything else one. A scalar's width is
/// utf8proc's (`utf8proc_charwidth`, from the Unicode data it is built with); sequences are ours: a scalar
/// after a zero-width joiner adds nothing, an emoji presentation selector widens the scalar before it, and a
/// skin-tone modifier after an emoji it modifies adds nothing.
package enum DisplayWidth {
    /// The columns one Unicode scalar takes, on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // ASCII and Latin-1 without a call: controls take none, the rest one.
        if value < 0x300 { return value < 0x20 || (value >= 0x7F && value < 0xA0) ? 0 : 1 }
        return Int(utf8proc_charwidth(utf8proc_int32_t(value)))
    }

    /// The columns a string takes; a scalar joined by a zero-width joiner adds nothing, an emoji variation
    /// selector widens the scalar before it, and a skin-tone modifier adds nothing to its emoji.
    package static func of(_ text: some StringProtocol) -> Int {
        of(scalars: text.unicodeScalars)
    }

    /// The columns one grapheme cluster takes.
    package static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        return of(scalars: character.unicodeScalars)
    }

    /// The columns a sequence of scalars takes, by the rules of `of(_:)` for strings.
    package static func of(scalars: some Sequence<Unicode.Scalar>) -> Int {
        var width = 0
        var afterJoiner = false
        var previous = 0
        var previousIsModifierBase = false
        for scalar in scalars {
            if afterJoiner {
                afterJoiner = false
                continue
            }
            if scalar.value == 0x200D {
                afterJoiner = true
                continue
            }
            if scalar.value == 0xFE0F, previous == 1 {
                width += 1
                previous = 2
                continue
            }
            if previousIsModifierBase, scalar.properties.isEmojiModifier {
                previousIsModifierBase = false
                continue
            }
            previous = of(scalar)
            previousIsModifierBase = previous > 0 && scalar.properties.isEmojiModifierBase
            width += previous
        }
        return width
    }
}
