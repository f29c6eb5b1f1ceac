import YAMLTree

extension ManifestDecoder {
    /// A version's `build`: an integer, or a string of integers separated by dots (`1234`, `"2.0.15"`), kept as
    /// written; the schema's `build` says the same.
    func decodeBuild(_ node: YAMLNode, context: DecodingContext) -> String? {
        guard let scalar = node.scalar, scalar.kind == .int || scalar.kind == .string else {
            context.typeMismatch(node, expected: "a build number (an integer, or a string such as '2.0.15')", for: "build")
            return nil
        }
        guard Self.isBuildNumber(scalar.text) else {
            context.error(.invalidValue,
                          "invalid build number '\(scalar.text)'; expected a non-negative integer or integers separated by dots, e.g. '1234' or '2.0.15'",
                          at: node, fix: "write the build number as CFBundleVersion or the Play versionCode has it")
            return nil
        }
        return scalar.text
    }

    /// `^[0-9]+(\.[0-9]+)*$`
    static func isBuildNumber(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    }
}
