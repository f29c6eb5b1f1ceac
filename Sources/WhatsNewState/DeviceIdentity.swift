import WhatsNewIO

/// Where a store gets this device's id, which stamps every record it writes.
///
/// The id is 128 random bits in hex, kept in a file of its own that must not sync: two devices sharing an
/// id would overwrite each other's display counters. The default file is `<state base>/whatsnew-device/id`
/// (see `StateLocation.deviceIDPath`), a sibling of the `whatsnew` state folder, so syncing that folder, or a
/// state file elsewhere, leaves it behind. Losing the file is harmless: a new id only starts new counters,
/// and display counts and donations still add up over every id.
package struct DeviceIdentity: Sendable {
    private let resolve: @Sendable () throws(IOError) -> DeviceID

    package init(_ resolve: @escaping @Sendable () throws(IOError) -> DeviceID) {
        self.resolve = resolve
    }

    /// This device's id, read from (or first written to) wherever this identity keeps it.
    package func deviceID() throws(IOError) -> DeviceID {
        try resolve()
    }

    /// Always `id` (tests, and apps that keep their own).
    package static func fixed(_ id: DeviceID) -> DeviceIdentity {
        DeviceIdentity { id }
    }

    /// The id in the file at `path`, created 0600 (its folder 0700) with a new random id the first time.
    package static func file(at path: String) -> DeviceIdentity {
        DeviceIdentity { () throws(IOError) -> DeviceID in try DeviceIDFile(path: path).readOrCreate() }
    }

    /// The default file (see `StateLocation.deviceIDPath`), else, with no state base directory known, a new
    /// id for this process only.
    package static func standard(environment: (String) -> String? = StateLocation.processEnvironment) -> DeviceIdentity {
        if let path = StateLocation.deviceIDPath(environment: environment) { return .file(at: path) }
        let id = DeviceID.random()
        return .fixed(id)
    }
}

extension DeviceID {
    /// A new random id: 32 lowercase hex digits (128 bits from the system's random source).
    package static func random() -> DeviceID {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return DeviceID(hex(high) + hex(low))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The longest id a state file may hold (ids `random()` makes have 32 bytes; an app may pick its own).
    package static let maxStoredBytes = 128

    /// Whether `text` is an id as `random()` makes them (what the device id file must hold).
    package static func isValid(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
