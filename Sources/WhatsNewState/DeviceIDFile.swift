import WhatsNewIO

/// The file holding this device's id: one line of 32 hex digits, 0600 in a private folder.
struct DeviceIDFile {
    let path: String

    /// The id in the file; a missing file is created with a new id (two processes racing to create it agree
    /// on the first one written), and a file that holds no valid id is replaced by a new one.
    func readOrCreate() throws(IOError) -> DeviceID {
        let directory = FileSystem.directoryName(of: path)
        try FileSystem.createDirectories(directory)
        try FileSystem.checkPrivateDirectory(directory)
        if let id = try readValid() { return id }
        let id = DeviceID.random()
        let bytes = Array((id.rawValue + "\n").utf8)
        if FileSystem.kind(of: path) == .missing {
            if try FileSystem.createAtomically(bytes, at: path, mode: 0o600) { return id }
            if let winner = try readValid() { return winner }
        }
        try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
        return id
    }

    private func readValid() throws(IOError) -> DeviceID? {
        guard let bytes = try FileSystem.readIfPresent(path, limit: 256) else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return DeviceID.isValid(text) ? DeviceID(text) : nil
    }
}
