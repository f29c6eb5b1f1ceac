/// `missing-image-file` (error): an image `file:` that does not exist beside the manifest, or is not a
/// regular file. (`unsupported-image` (warning): a format HTML cannot inline; it shows the alt text.)
struct MissingImageFileRule: ManifestRule {
    static let inlinedExtensions = ["svg", "png", "jpg", "jpeg"]

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var images: [Image] = manifest.images.entries.map(\.value)
        for version in manifest.versions.indices {
            let features = manifest.versions[version].features
            for index in features.indices {
                if case .inline(let image)? = features[index].image { images.append(image) }
            }
        }
        for image in images {
            guard case .file(let path) = image.source else { continue }
            let resolved = path.hasPrefix("/") ? path : manifest.baseDirectory + "/" + path
            switch FileSystem.kind(of: resolved) {
            case .file:
                let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
                if !Self.inlinedExtensions.contains(ext) {
                    engine.report(Diagnostic(.warning, code: "unsupported-image",
                                             message: "image file '\(path)' is neither SVG, PNG nor JPEG; HTML shows its alt text instead",
                                             at: image.location, fix: "convert it to SVG, PNG or JPEG"))
                }
            case .missing:
                engine.report(Diagnostic(.error, code: "missing-image-file",
                                         message: "image file '\(path)' does not exist; expected a file relative to the manifest's directory ('\(manifest.baseDirectory)')",
                                         at: image.location, fix: "correct the path, or add the file"))
            default:
                engine.report(Diagnostic(.error, code: "missing-image-file",
                                         message: "image file '\(path)' is not a regular file; expected an SVG, PNG or JPEG file",
                                         at: image.location))
            }
        }
    }
}
