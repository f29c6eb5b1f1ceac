extension SemanticVersion {
    /// The same version without build metadata: what is stored and compared.
    public var canonical: SemanticVersion {
        SemanticVersion(major: major, minor: minor, patch: patch, prerelease: prerelease)
    }

    /// `major.minor.patch` without pre-release or build: the release a pre-release leads up to.
    public var release: SemanticVersion {
        SemanticVersion(major: major, minor: minor, patch: patch)
    }
}
