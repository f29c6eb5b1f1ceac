/// A `\p{…}` that names no property ECMA-262 knows, or gives it a value it does not have.
struct UnicodePropertyError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
