/// A parameter's value, as `whatsnew tip param NAME VALUE` sets it: a JSON scalar.
public enum ParameterValue: Hashable, Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)
}
