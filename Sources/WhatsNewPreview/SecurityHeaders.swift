import HTTPTypes
import Hummingbird

/// The headers every response carries: a Content-Security-Policy that allows nothing but the server's own
/// script and style on the page and nothing at all to run in the frame, and no caching, sniffing or referrer.
enum SecurityHeaders {
    /// The page: its own script, style and frames; events and status from itself; no plug-in, no form elsewhere,
    /// never framed by another site.
    static let page = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-src 'self'; "
        + "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    /// An output in the frame: its own inline style and inline (data:) images and fonts, no script at all.
    static let frame = "default-src 'none'; style-src 'unsafe-inline'; img-src data: 'self'; font-src data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
    /// A served file, an error, the status or the events: nothing may run, and a file is sandboxed as well.
    static let inert = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; sandbox"

    static func headers(contentType: String, policy: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.contentSecurityPolicy] = policy
        fields[.cacheControl] = "no-store"
        fields[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        fields[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        fields[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        return fields
    }
}
