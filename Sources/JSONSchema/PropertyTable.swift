/// The names of a schema's `properties`, for finding a key's subschema by its UTF-8 read in place: an
/// open-addressing table hashed over the bytes (FNV-1a from a per-process seed), so that a lookup makes no
/// string and compares the bytes of one name, rarely two, however many properties there are. (It replaced a
/// scan of the names for up to eight properties and a `[String: ID]` for more, which made a string of every
/// key: together about 6% of evaluating the 1 MB manifest of `make bench`.)
struct PropertyTable: Sendable {
    /// Every name's UTF-8, one after another.
    private let bytes: [UInt8]
    /// Where each name starts in `bytes`, with one more entry for the end of the last.
    private let starts: [Int]
    private let schemas: [SchemaNode.ID]
    /// An entry's index plus one in each slot, 0 for none; a power of two at least twice the entries.
    private let slots: [Int32]

    /// A table of `properties`; of two with the same name, the first is found (as a scan in order finds it).
    init(_ properties: [(name: String, schema: SchemaNode.ID)]) {
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        var schemas: [SchemaNode.ID] = []
        var capacity = 4
        while capacity < 2 * properties.count { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: properties.isEmpty ? 0 : capacity)
        for property in properties {
            let name = Array(property.name.utf8)
            let found = name.withUnsafeBufferPointer { name in
                Self.find(name, bytes: bytes, starts: starts, slots: slots)
            }
            guard case .free(let slot) = found else { continue }
            bytes += name
            starts.append(bytes.count)
            schemas.append(property.schema)
            slots[slot] = Int32(schemas.count)
        }
        self.bytes = bytes
        self.starts = starts
        self.schemas = schemas
        self.slots = slots
    }

    /// The subschema of the property named by the UTF-8 `name`.
    @inline(__always)
    func schema(utf8 name: UnsafeBufferPointer<UInt8>) -> SchemaNode.ID? {
        guard case .found(let entry) = Self.find(name, bytes: bytes, starts: starts, slots: slots) else { return nil }
        return schemas[entry]
    }

    private enum Probe {
        case found(Int)
        case free(Int)
    }

    private static func find(_ name: UnsafeBufferPointer<UInt8>, bytes: [UInt8], starts: [Int], slots: [Int32]) -> Probe {
        guard !slots.isEmpty else { return .free(0) }
        let mask = slots.count - 1
        var slot = hash(name) & mask
        while true {
            let entry = Int(slots[slot]) - 1
            if entry < 0 { return .free(slot) }
            let start = starts[entry]
            if starts[entry + 1] - start == name.count, bytes.withUnsafeBufferPointer({ own in
                name.indices.allSatisfy { own[start + $0] == name[$0] }
            }) {
                return .found(entry)
            }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a of `bytes`, from a seed drawn once per process (from `Hasher`'s), so that no fixed set of names
    /// collides in every run.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var value = seed
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: value ^ (value >> 29))
    }

    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0xcbf2_9ce4_8422_2325 as UInt64)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()
}
