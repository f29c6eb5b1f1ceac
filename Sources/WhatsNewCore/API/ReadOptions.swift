public import YAMLTree

/// How inputs are read: the name standard input goes by, and the limits that keep hostile input cheap.
public struct ReadOptions: Sendable {
    /// The name diagnostics give standard input (and whose extension picks YAML or JSON).
    public var assumeFilename: String?
    public var limits: YAMLLimits

    public init(assumeFilename: String? = nil, limits: YAMLLimits = YAMLLimits()) {
        self.assumeFilename = assumeFilename
        self.limits = limits
    }
}
