import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewText

/// The state file's JSON, format 2: every record of a `SyncedState`, written the same way byte for byte for
/// the same state. Device ids are listed once, sorted, and a stamp is `[milliseconds, device index]`:
/// ```
/// {
///   "formatVersion": 2,
///   "devices": ["3f2a…", "9c41…"],
///   "reset": [1764300000000,0],
///   "tipsReset": [1764300000000,0],
///   "presented": {
///     "1.0.0": [1764300000000,0]
///   },
///   "forgotten": {
///     "0.9.0": [1764300000000,1]
///   },
///   "donations": {
///     "sync.finished": [
///       [1764300000000,0]
///     ]
///   },
///   "displays": {
///     "parallel-sync": [
///       {"device":1,"count":2,"last":[1764300000000,1]}
///     ]
///   },
///   "statuses": {
///     "parallel-sync": {"invalidated":"tipClosed","at":[1764300000000,0]}
///   },
///   "parameters": {
///     "loggedIn": {"value":true,"at":[1764300000000,0]}
///   }
/// }
/// ```
/// Keys are sorted (versions by precedence, names by UTF-8 bytes), stamps ascending; members without records
/// are left out (`presented` is always written). Format 1,
/// `{"formatVersion": 1, "presented": ["1.0.0"]}`, is still read (see `StateFileDecoder`) and upgraded on
/// the next write.
enum StateFileFormat {
    static let formatVersion = 2
    static let code = DiagnosticCode.corruptStateFile
    /// Larger than any real state file (1000 donations of an event take ~25 KB), small enough to read at once.
    static let maxBytes = 4 << 20
    /// The device of the records a format 1 file is upgraded to (at time 0): no real device, so copies of one
    /// old file upgraded on several devices agree, and any reset drops them.
    static let legacyDevice = DeviceID(String(repeating: "0", count: 32))

    static func encode(_ state: SyncedState) -> [UInt8] {
        let devices = Array(state.deviceIDs).sorted()
        var index: [DeviceID: Int] = [:]
        for (position, device) in devices.enumerated() { index[device] = position }
        func stamp(_ stamp: Stamp) -> JSONValue {
            .array([.int(Int(stamp.milliseconds)), .int(index[stamp.device] ?? 0)])
        }
        func sortedKeys<Value>(_ dictionary: [String: Value]) -> [(String, Value)] {
            dictionary.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
        }

        var members: [(String, String)] = [("formatVersion", String(formatVersion)),
                                           ("devices", JSONValue.array(devices.map { .string($0.rawValue) }).compact)]
        if let reset = state.reset { members.append(("reset", stamp(reset).compact)) }
        if let reset = state.tipsReset { members.append(("tipsReset", stamp(reset).compact)) }
        members.append(("presented", block(state.presented.sorted { $0.key < $1.key }.map { ($0.key.description, stamp($0.value).compact) })))
        if !state.forgotten.isEmpty {
            members.append(("forgotten", block(state.forgotten.sorted { $0.key < $1.key }.map { ($0.key.description, stamp($0.value).compact) })))
        }
        if !state.donations.isEmpty {
            members.append(("donations", block(sortedKeys(state.donations).map { event, donations in
                (event, list(donations.map(\.stamp).sorted().map { stamp($0).compact }, level: 2))
            })))
        }
        if !state.displays.isEmpty {
            members.append(("displays", block(sortedKeys(state.displays).map { tip, counters in
                (tip, list(counters.sorted { $0.key < $1.key }.map { device, counter in
                    JSONValue.object([("device", .int(index[device] ?? 0)), ("count", .int(Swift.min(Swift.max(counter.count, 1), DisplayCounter.maxCount))),
                                      ("last", stamp(counter.last))]).compact
                }, level: 2))
            })))
        }
        if !state.statuses.isEmpty {
            members.append(("statuses", block(sortedKeys(state.statuses).map { tip, status in
                switch status.value {
                case .invalidated(let reason):
                    (tip, JSONValue.object([("invalidated", .string(reason.rawValue)), ("at", stamp(status.stamp))]).compact)
                }
            })))
        }
        if !state.parameters.isEmpty {
            members.append(("parameters", block(sortedKeys(state.parameters).map { name, parameter in
                (name, JSONValue.object([("value", parameter.value.json), ("at", stamp(parameter.stamp))]).compact)
            })))
        }
        return Array((block(members, level: 0) + "\n").utf8)
    }

    /// An object with one member per line at `level` (members already written as JSON text).
    private static func block(_ members: [(String, String)], level: Int = 1) -> String {
        guard !members.isEmpty else { return "{}" }
        let indent = String(repeating: "  ", count: level + 1)
        let lines = members.map { indent + JSONValue.quoted($0.0) + ": " + $0.1 }
        return "{\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: level) + "}"
    }

    /// An array with one element per line at `level`.
    private static func list(_ elements: [String], level: Int) -> String {
        let indent = String(repeating: "  ", count: level + 1)
        return "[\n" + elements.map { indent + $0 }.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: level) + "]"
    }
}

extension SyncedState {
    /// Every device that stamped a record.
    var deviceIDs: Set<DeviceID> {
        var devices: Set<DeviceID> = []
        if let reset { devices.insert(reset.device) }
        if let tipsReset { devices.insert(tipsReset.device) }
        presented.values.forEach { devices.insert($0.device) }
        forgotten.values.forEach { devices.insert($0.device) }
        for events in donations.values { events.forEach { devices.insert($0.stamp.device) } }
        for counters in displays.values {
            for (device, counter) in counters {
                devices.insert(device)
                devices.insert(counter.last.device)
            }
        }
        statuses.values.forEach { devices.insert($0.stamp.device) }
        parameters.values.forEach { devices.insert($0.stamp.device) }
        return devices
    }
}

extension ParameterValue {
    package var json: JSONValue {
        switch self {
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        }
    }
}
