extension WhatsNewPresenter {
    /// Why notes must not be shown at all, or nil (see `SilenceRules`, which this asks).
    @available(*, deprecated, message: "use SilenceRules(requiresTerminal:outputDescriptor:environment:).reason")
    public static func silenceReason(checkTerminal: Bool = true, outputDescriptor: Int32 = 1,
                                     environment: @escaping @Sendable (String) -> String? = StateLocation.processEnvironment) -> String? {
        SilenceRules(requiresTerminal: checkTerminal, outputDescriptor: outputDescriptor, environment: environment).reason
    }
}
