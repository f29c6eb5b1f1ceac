import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewText

/// Reads a state file strictly (format 2, or format 1 to upgrade): anything else is a corrupt file, reported
/// as a `corrupt-state-file` warning at its position. What it reads is normalized, so reading and merging agree.
struct StateFileDecoder {
    /// A problem at a position of the file.
    struct Corruption: Error {
        let message: String
        let range: SourceRange
    }

    private static let keys = ["formatVersion", "devices", "reset", "tipsReset", "presented", "forgotten", "donations", "displays",
                               "statuses", "parameters"]

    /// The ids of `devices`, in order: a stamp's device index is a position here.
    private var devices: [DeviceID] = []
    /// The same ids as a set, so a file of many ids is read in time linear in their number.
    private var listedDevices: Set<DeviceID> = []

    /// The state in `bytes`, or why the file cannot be used (and then an empty state). `label` says what the
    /// file is in the message ("state file", "conflict copy").
    static func decode(_ bytes: [UInt8], path: String, label: String = "state file",
                       consequence: String = "left untouched, read as empty") -> StateReading {
        let file = SourceFile(name: path, contents: bytes, format: .json)
        var decoder = StateFileDecoder()
        do throws(Corruption) {
            let (state, isOldFormat) = try decoder.read(file)
            return StateReading(state: state, isOldFormat: isOldFormat)
        } catch {
            return StateReading(problem: Diagnostic(.warning, code: StateFileFormat.code,
                                                    message: "corrupt \(label) (\(consequence)): " + error.message,
                                                    file: file, range: error.range,
                                                    fix: "repair or delete the file, or start over with 'whatsnew state reset'"))
        }
    }

    private mutating func read(_ file: SourceFile) throws(Corruption) -> (SyncedState, Bool) {
        if file.bytes.count > StateFileFormat.maxBytes {
            throw Corruption(message: "the file is larger than \(StateFileFormat.maxBytes) bytes; expected a small JSON object", range: .fileStart)
        }
        let document = YAMLParser.parse(file, format: .json)
        if let error = document.errors.first { throw Corruption(message: "not valid JSON: \(error.message)", range: error.range) }
        guard let root = document.root else { throw Corruption(message: "the file is empty; expected a JSON object", range: .fileStart) }
        guard let pairs = root.mapping else {
            throw Corruption(message: "expected a JSON object with 'formatVersion', found \(root.kindDescription)", range: root.range)
        }
        guard let formatNode = root["formatVersion"] else {
            throw Corruption(message: "'formatVersion' is missing; expected \(StateFileFormat.formatVersion)", range: root.range)
        }
        guard let format = formatNode.scalar?.intValue else {
            throw Corruption(message: "expected an integer for 'formatVersion', found \(formatNode.kindDescription)", range: formatNode.range)
        }
        switch format {
        case 1: return (try readFormat1(root, pairs), true)
        case StateFileFormat.formatVersion: return (try readFormat2(root, pairs), false)
        default:
            throw Corruption(message: "unknown format version \(format); expected 1 or \(StateFileFormat.formatVersion) "
                             + "(a newer whatsnew may have written it)", range: formatNode.range)
        }
    }

    /// `{"formatVersion": 1, "presented": [versions]}`: every version presented at time 0 by `legacyDevice`.
    private func readFormat1(_ root: YAMLNode, _ pairs: YAMLMapping) throws(Corruption) -> SyncedState {
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            if key != "formatVersion", key != "presented" {
                throw Corruption(message: "unknown key '\(key)'; expected only 'formatVersion' and 'presented' in format 1", range: pair.key.range)
            }
        }
        let items = try sequence(try member("presented", of: root, expected: "a list of versions"), "a list of versions for 'presented'")
        var state = SyncedState()
        let stamp = Stamp(milliseconds: 0, device: StateFileFormat.legacyDevice)
        for item in items {
            guard let scalar = item.scalar, scalar.kind == .string else {
                throw Corruption(message: "expected a version string in 'presented', found \(item.kindDescription)", range: item.range)
            }
            state.presented[try version(scalar.text, at: item, in: "presented")] = stamp
        }
        return state
    }

    private mutating func readFormat2(_ root: YAMLNode, _ pairs: YAMLMapping) throws(Corruption) -> SyncedState {
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            if !Self.keys.contains(key) {
                throw Corruption(message: "unknown key '\(key)'; expected one of " + Self.keys.map { "'\($0)'" }.joined(separator: ", "),
                                 range: pair.key.range)
            }
        }
        for item in try sequence(try member("devices", of: root, expected: "a list of device ids"), "a list of device ids for 'devices'") {
            guard let text = item.scalar.flatMap({ $0.kind == .string ? $0.text : nil }), !text.isEmpty,
                  text.utf8.count <= DeviceID.maxStoredBytes else {
                throw Corruption(message: "expected a device id (a string of 1 to \(DeviceID.maxStoredBytes) bytes) in 'devices', "
                                 + "found \(describe(item))", range: item.range)
            }
            let device = DeviceID(text)
            guard listedDevices.insert(device).inserted else {
                throw Corruption(message: "the device id '\(TerminalSafeText.visible(text))' is listed twice in 'devices'", range: item.range)
            }
            devices.append(device)
        }
        var state = SyncedState()
        state.reset = try root["reset"].map { node throws(Corruption) in try stamp(node, in: "reset") }
        state.tipsReset = try root["tipsReset"].map { node throws(Corruption) in try stamp(node, in: "tipsReset") }
        for (key, value) in try object(try member("presented", of: root, expected: "an object of versions"), "presented") {
            let version = try version(key.text, at: key.node, in: "presented")
            let stamp = try stamp(value, in: "presented")
            state.presented[version] = Swift.max(state.presented[version] ?? stamp, stamp)
        }
        if let node = root["forgotten"] {
            for (key, value) in try object(node, "forgotten") {
                let version = try version(key.text, at: key.node, in: "forgotten")
                let stamp = try stamp(value, in: "forgotten")
                state.forgotten[version] = Swift.max(state.forgotten[version] ?? stamp, stamp)
            }
        }
        if let node = root["donations"] {
            for (key, value) in try object(node, "donations") {
                for item in try sequence(value, "a list of stamps for the event '\(key.text)'") {
                    state.donations[key.text, default: []].insert(Donation(at: try stamp(item, in: "donations")))
                }
            }
        }
        if let node = root["displays"] {
            for (key, value) in try object(node, "displays") {
                for item in try sequence(value, "a list of counters for the tip '\(key.text)'") {
                    let fields = try fields(item, ["device", "count", "last"], in: "displays")
                    let device = try deviceIndex(fields[0], in: "displays")
                    let counter = DisplayCounter(count: try displayCount(fields[1]), last: try stamp(fields[2], in: "displays"))
                    if let other = state.displays[key.text]?[device], other.isNewer(than: counter) { continue }
                    state.displays[key.text, default: [:]][device] = counter
                }
            }
        }
        if let node = root["statuses"] {
            for (key, value) in try object(node, "statuses") {
                let fields = try fields(value, ["invalidated", "at"], in: "statuses")
                let reasonNode = fields[0]
                guard let text = reasonNode.scalar.flatMap({ $0.kind == .string ? $0.text : nil }), let reason = InvalidationReason(rawValue: text) else {
                    throw Corruption(message: "expected an invalidation reason ("
                                     + InvalidationReason.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                                     + "), found \(describe(reasonNode))", range: reasonNode.range)
                }
                state.statuses[key.text] = Stamped(.invalidated(reason), at: try stamp(fields[1], in: "statuses"))
            }
        }
        if let node = root["parameters"] {
            for (key, value) in try object(node, "parameters") {
                let fields = try fields(value, ["value", "at"], in: "parameters")
                state.parameters[key.text] = Stamped(try parameterValue(fields[0]), at: try stamp(fields[1], in: "parameters"))
            }
        }
        state.normalize()
        return state
    }

    // MARK: - Pieces

    private func member(_ key: String, of root: YAMLNode, expected: String) throws(Corruption) -> YAMLNode {
        guard let node = root[key] else { throw Corruption(message: "'\(key)' is missing; expected \(expected)", range: root.range) }
        return node
    }

    private func sequence(_ node: YAMLNode, _ expected: String) throws(Corruption) -> YAMLSequence {
        guard let items = node.sequence else { throw Corruption(message: "expected \(expected), found \(node.kindDescription)", range: node.range) }
        return items
    }

    /// An object's members, keys as text (each key a string).
    private func object(_ node: YAMLNode, _ name: String) throws(Corruption) -> [(key: (text: String, node: YAMLNode), value: YAMLNode)] {
        guard let pairs = node.mapping else {
            throw Corruption(message: "expected an object for '\(name)', found \(node.kindDescription)", range: node.range)
        }
        var members: [(key: (text: String, node: YAMLNode), value: YAMLNode)] = []
        for pair in pairs {
            guard let text = pair.key.scalar?.text, !text.isEmpty else {
                throw Corruption(message: "expected a non-empty name as a key in '\(name)'", range: pair.key.range)
            }
            members.append(((text, pair.key), pair.value))
        }
        return members
    }

    /// An object with exactly the members `names`: their values, in the order of `names`.
    private func fields(_ node: YAMLNode, _ names: [String], in name: String) throws(Corruption) -> [YAMLNode] {
        let expected = names.map { "'\($0)'" }.joined(separator: ", ")
        guard let pairs = node.mapping else {
            throw Corruption(message: "expected an object with \(expected) in '\(name)', found \(node.kindDescription)", range: node.range)
        }
        var found: [String: YAMLNode] = [:]
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            guard names.contains(key) else {
                throw Corruption(message: "unknown key '\(TerminalSafeText.visible(key))' in '\(name)'; expected \(expected)", range: pair.key.range)
            }
            found[key] = pair.value
        }
        var values: [YAMLNode] = []
        for key in names {
            guard let value = found[key] else {
                throw Corruption(message: "'\(key)' is missing in '\(name)'; expected \(expected)", range: node.range)
            }
            values.append(value)
        }
        return values
    }

    /// `[milliseconds, device index]`.
    private func stamp(_ node: YAMLNode, in name: String) throws(Corruption) -> Stamp {
        guard let items = node.sequence, items.count == 2 else {
            throw Corruption(message: "expected a stamp [milliseconds, device index] in '\(name)', found \(describe(node))", range: node.range)
        }
        guard let milliseconds = items[0].scalar?.intValue, milliseconds >= 0, Int64(milliseconds) <= Stamp.maxMilliseconds else {
            throw Corruption(message: "expected a time in milliseconds from 0 to \(Stamp.maxMilliseconds) in '\(name)', found \(describe(items[0]))",
                             range: items[0].range)
        }
        return Stamp(milliseconds: Int64(milliseconds), device: try deviceIndex(items[1], in: name))
    }

    /// A device's displays of a tip: from 1 to `DisplayCounter.maxCount`, so sums and increments never overflow.
    private func displayCount(_ node: YAMLNode) throws(Corruption) -> Int {
        guard let count = node.scalar?.intValue, (1...DisplayCounter.maxCount).contains(count) else {
            throw Corruption(message: "expected a display count from 1 to \(DisplayCounter.maxCount) in 'displays', found \(describe(node))",
                             range: node.range)
        }
        return count
    }

    private func deviceIndex(_ node: YAMLNode, in name: String) throws(Corruption) -> DeviceID {
        guard let index = node.scalar?.intValue, devices.indices.contains(index) else {
            if devices.isEmpty {
                throw Corruption(message: "expected no stamps in '\(name)' while 'devices' lists none, found \(describe(node))", range: node.range)
            }
            throw Corruption(message: "expected a device index from 0 to \(devices.count - 1) in '\(name)' (a position in 'devices'), "
                             + "found \(describe(node))", range: node.range)
        }
        return devices[index]
    }

    private func version(_ text: String, at node: YAMLNode, in name: String) throws(Corruption) -> SemanticVersion {
        switch SemanticVersion.parse(text) {
        case .success(let version): return version.canonical
        case .failure(let error): throw Corruption(message: "'\(TerminalSafeText.visible(text))' in '\(name)' is not a version: \(error.reason)", range: node.range)
        }
    }

    private func parameterValue(_ node: YAMLNode) throws(Corruption) -> ParameterValue {
        if let scalar = node.scalar {
            switch scalar.kind {
            case .bool: if let flag = scalar.boolValue { return .bool(flag) }
            case .int, .float: if let number = scalar.doubleValue, number.isFinite { return .number(number) }
            case .string: return .string(scalar.text)
            case .null: break
            }
        }
        throw Corruption(message: "expected a boolean, a finite number or a string as a parameter's value, found \(describe(node))", range: node.range)
    }

    /// A node for a message: a short scalar quoted, else its kind.
    private func describe(_ node: YAMLNode) -> String {
        if let scalar = node.scalar, scalar.kind != .null, scalar.text.count <= 40 {
            return "\(scalar.kind.description) '\(TerminalSafeText.visible(scalar.text))'"
        }
        return node.kindDescription
    }
}
