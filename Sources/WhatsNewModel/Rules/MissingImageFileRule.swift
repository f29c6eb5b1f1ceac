import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewText

/// Image `file:` paths (of the registry, features, tips and the app icon), checked exactly as HTML inlining reads
/// them (`ImageFileLoader`), each problem at the path's value:
/// - `invalid-image-path` (error): a control character (a NUL would end the path the system opens), or an
///   absolute path.
/// - `image-outside-root` (error): a `..` or a symbolic link that leads out of the declaring file's
///   directory (or out of `--assets-root`).
/// - `missing-image-file` (error): no such file, or not a regular file (a directory, FIFO, device, …).
/// - `unreadable-image-file` (error): the file exists but cannot be read.
/// - `invalid-image-content` (error): the content is not what the extension says (PNG, JPEG, GIF and WebP
///   by signature, SVG by its `<svg` root element).
/// - `image-too-large` / `images-too-large` (error): one file over the per-image limit, or the files together
///   over the total limit.
/// - `unsupported-image` (warning): a format HTML cannot inline; it shows the alt text.
struct MissingImageFileRule: ManifestRule {
    var options = ImageFileOptions()

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var images: [Image] = manifest.images.entries.map(\.value)
        if case .inline(let icon)? = manifest.app?.icon { images.append(icon) }
        for tip in manifest.tips {
            if case .inline(let image)? = tip.image { images.append(image) }
        }
        for version in manifest.versions.indices {
            let features = manifest.versions[version].features
            for index in features.indices {
                if case .inline(let image)? = features[index].image { images.append(image) }
            }
        }
        let loader = ImageFileLoader(options: options)
        // (An image with errors may have written more than one source: see `otherSources`.)
        for image in images {
            for written in image.writtenSources {
                guard case .file(let path) = written.source else { continue }
                let directory = manifest.directory(of: image)
                if case .failure(let problem) = loader.load(path, declaredIn: directory) {
                    engine.report(diagnostic(problem, path: path, directory: directory, at: written.location ?? image.location))
                }
            }
        }
    }

    private func diagnostic(_ problem: ImageFileProblem, path: String, directory: String, at location: SourceLocation?) -> Diagnostic {
        let shown = "'\(TerminalSafeText.visible(path))'"
        switch problem {
        case .controlCharacter:
            return Diagnostic(.error, code: .invalidImagePath,
                              message: "image path \(shown) contains a control character; expected a relative path of printable characters",
                              at: location, fix: "remove the control character (a NUL would end the path the system opens)")
        case .absolutePath:
            return Diagnostic(.error, code: .invalidImagePath,
                              message: "image path \(shown) is absolute; expected a path relative to the declaring file's directory ('\(directory)')",
                              at: location, fix: "put the image beside the manifest and give its relative path")
        case .outsideRoot(let root):
            return Diagnostic(.error, code: .imageOutsideRoot,
                              message: "image file \(shown) leads outside '\(root)'; expected a file inside "
                                  + (options.assetsRoot == nil ? "the declaring file's directory" : "--assets-root"),
                              at: location, fix: "move the image inside '\(root)', or name a directory that holds it with --assets-root")
        case .missing:
            return Diagnostic(.error, code: .missingImageFile,
                              message: "image file \(shown) does not exist; expected a file relative to the declaring file's directory ('\(directory)')",
                              at: location, fix: "correct the path, or add the file")
        case .notRegularFile(let kind):
            return Diagnostic(.error, code: .missingImageFile,
                              message: "image file \(shown) is \(kind); expected a regular SVG, PNG, JPEG, GIF or WebP file",
                              at: location, fix: "name an image file")
        case .unreadable(let reason):
            return Diagnostic(.error, code: .unreadableImageFile,
                              message: "image file \(shown) cannot be read (\(reason)); expected a readable image file",
                              at: location, fix: "check the file's permissions")
        case .unsupportedType:
            return Diagnostic(.warning, code: .unsupportedImage,
                              message: "image file \(shown) is neither SVG, PNG, JPEG, GIF nor WebP; HTML shows its alt text instead",
                              at: location, fix: "convert it to SVG, PNG, JPEG, GIF or WebP")
        case .tooLarge(let size, let limit):
            return Diagnostic(.error, code: .imageTooLarge,
                              message: "image file \(shown) is \(size) bytes; expected at most \(Self.describe(bytes: limit)) (\(limit) bytes) per image",
                              at: location, fix: "shrink or compress the image")
        case .totalTooLarge(let limit):
            return Diagnostic(.error, code: .imagesTooLarge,
                              message: "image file \(shown) takes the manifest's image files past \(Self.describe(bytes: limit)) in all; "
                                  + "expected at most \(Self.describe(bytes: limit)) together",
                              at: location, fix: "shrink the images, or use fewer of them")
        case .wrongContent(let expected):
            return Diagnostic(.error, code: .invalidImageContent,
                              message: "image file \(shown) is not \(expected); expected content that matches its extension",
                              at: location, fix: "convert the file, or give it the extension of its format")
        }
    }

    /// "8 MiB", "1.5 MiB", "300 bytes".
    static func describe(bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return "\(bytes / 1024) KiB" }
        let tenths = (bytes * 10) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
