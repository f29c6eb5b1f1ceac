/// Distinct locale codes for tests at scale: `aa-AA`, `aa-AB`, … (456,976 of them at most).
public enum LocaleCodes {
    /// The first `count` codes.
    public static func first(_ count: Int) -> [String] {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        var codes: [String] = []
        outer: for a in letters { for b in letters { for c in letters { for d in letters {
            if codes.count == count { break outer }
            codes.append(a + b + "-" + c.uppercased() + d.uppercased())
        } } } }
        return codes
    }
}
