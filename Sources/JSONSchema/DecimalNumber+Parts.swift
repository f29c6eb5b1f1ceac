/// A number by its parts, as `SchemaValidator.swiftSource` writes a `multipleOf`.
extension DecimalNumber {
    /// The parts as `init?(_:)` leaves them: no trailing zeros in `significand`, zero neither negative nor scaled.
    init(parts: (significand: UInt64, exponent: Int, isNegative: Bool)) {
        significand = parts.significand
        exponent = parts.exponent
        isNegative = parts.isNegative
    }
}
