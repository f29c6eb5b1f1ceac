import WhatsNewCore

/// The files a preview watches and serves: the inputs, their fragments, the `--refs` files and the image files
/// the manifest names (`file:` images, each relative to the file that declares it).
enum WatchedFiles {
    /// The image files `manifest` names, as paths from the working directory.
    static func imageFiles(of manifest: Manifest) -> [String] {
        var images: [Image] = manifest.images.entries.map(\.value)
        if case .inline(let icon)? = manifest.app?.icon { images.append(icon) }
        for version in manifest.versions {
            for feature in version.features {
                if case .inline(let image)? = feature.image { images.append(image) }
            }
        }
        var paths: [String] = []
        for image in images {
            guard case .file(let path) = image.source else { continue }
            let declaring = image.sourceLocation?.file?.name ?? image.location?.file?.name
            let directory = declaring.map(FileSystem.directoryName) ?? manifest.baseDirectory
            let joined = path.hasPrefix("/") ? path : (directory == "." ? path : directory + "/" + path)
            if !paths.contains(joined) { paths.append(joined) }
        }
        return paths
    }

    /// What each watched path is now: a file's fingerprint, or a directory's entries with theirs (fragments
    /// added, removed or changed all count); nil for what is not there.
    static func fingerprints(of paths: [String]) -> [String: [String: FileFingerprint?]] {
        var result: [String: [String: FileFingerprint?]] = [:]
        for path in paths {
            var entries: [String: FileFingerprint?] = ["": FileSystem.fingerprint(of: path)]
            if FileSystem.kind(of: path) == .directory, let names = try? FileSystem.entries(of: path) {
                for name in names.prefix(10_000) { entries[name] = FileSystem.fingerprint(of: path + "/" + name) }
            }
            result[path] = entries
        }
        return result
    }
}
