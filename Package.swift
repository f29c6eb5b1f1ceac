// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "whatsnew",
    products: [
        .executable(name: "whatsnew", targets: ["whatsnew"]),
        .library(name: "WhatsNewCore", targets: ["WhatsNewCore"]),
        // `whatsnew preview`'s web server, a program of its own that `whatsnew preview` runs (see docs/preview.md).
        .executable(name: "whatsnew-preview", targets: ["whatsnew-preview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Without its default traits: no swift-configuration, and FoundationEssentials rather than all of Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Found without pkg-config: Debian's libutf8proc.pc adds `-DUTF8PROC_EXPORTS` (a Windows DLL switch)
        // to its flags, which SwiftPM refuses with a warning on every build; the header and the library are
        // in the default paths (`make deps` checks `pkg-config --exists libutf8proc`).
        .systemLibrary(name: "CUTF8Proc"),
        // libxml2's SAX2 parser for `compile --into appcast.xml`, loaded with dlopen when an appcast is read (so no
        // other run loads libxml2 and the ICU it links); its headers are Debian's (libxml2-dev, `make deps`), found
        // through the link Sources/CXMLScanner/libxml2/libxml -> /usr/include/libxml2/libxml. Not a system library
        // target with pkg-config: SwiftPM links what pkg-config names (-lxml2) into every program, and not
        // `-I/usr/include/libxml2`: SwiftPM refuses such unsafe flags in a package used as a dependency.
        .target(name: "CXMLScanner", cSettings: [.headerSearchPath("libxml2")]),
        // The processors a process may run on (sched_getaffinity, a GNU extension Swift does not see).
        .target(name: "CProcessors"),
        // Threads, locks and hand-overs between threads: the one place that makes a thread.
        .target(name: "Threads", dependencies: ["CProcessors"]),
        // Where a text came from: the bytes of one input, its lines and columns, ranges in it. Knows nothing of YAML.
        .target(name: "SourceText"),
        // libyaml in, a tree of nodes with their places out (the only importer of CYAML).
        .target(name: "YAMLTree", dependencies: ["CYAML", "SourceText", "Threads"]),
        // Text every stage writes: terminal styles and colors, display width, wrapping, did-you-mean, JSON values.
        .target(name: "WhatsNewText", dependencies: ["CUTF8Proc", "Threads"]),
        // The one diagnostic type, the engine that collects them, and the text, JSON and GitHub formats.
        .target(name: "WhatsNewDiagnostics", dependencies: ["SourceText", "WhatsNewText"]),
        // The one confined file layer: every file read or written goes through it.
        .target(name: "WhatsNewIO", dependencies: ["WhatsNewDiagnostics", "SourceText", "WhatsNewText", "Threads"]),
        // The JSON Schema 2020-12 evaluator and its ECMA-262 regex engine; knows nothing of manifests.
        .target(name: "JSONSchema", dependencies: ["YAMLTree", "SourceText", "WhatsNewDiagnostics", "WhatsNewText", "Threads"]),
        // cmark-gfm in, renderers out (HTML, ANSI, Markdown, plain text); the only importer of CCmark.
        .target(name: "Markdown", dependencies: ["CCmark", "WhatsNewText", "Threads"]),
        // The manifest and its values, the rules that check it, the store texts and the diagnostics catalog. No YAML.
        .target(name: "WhatsNewModel", dependencies: ["SourceText", "WhatsNewDiagnostics", "WhatsNewIO", "WhatsNewText", "Markdown", "Threads"]),
        // Reading: source file → YAML tree → schema → decoder → Manifest → rules.
        .target(name: "WhatsNewReader", dependencies: ["WhatsNewModel", "JSONSchema", "YAMLTree", "SourceText", "WhatsNewDiagnostics", "WhatsNewIO", "WhatsNewText", "Markdown", "Threads"]),
        // ReleaseNotes (the manifest resolved for output) and every emitter; cannot see the reader or the YAML tree.
        .target(name: "WhatsNewRender", dependencies: ["CXMLScanner", .product(name: "Mustache", package: "swift-mustache"), "WhatsNewModel", "Markdown", "SourceText", "WhatsNewDiagnostics", "WhatsNewIO", "WhatsNewText", "Threads"]),
        // Synced state: the state file, its stores and conflict copies, and the tips engine.
        .target(name: "WhatsNewState", dependencies: ["WhatsNewModel", "YAMLTree", "SourceText", "WhatsNewDiagnostics", "WhatsNewIO", "WhatsNewText", "Markdown", "Threads"]),
        // Show modes: inline, the sheet and the pager, on the one TerminalSession.
        .target(name: "WhatsNewTerminal", dependencies: ["WhatsNewRender", "WhatsNewModel", "Markdown", "WhatsNewText", "WhatsNewIO", "WhatsNewDiagnostics", "SourceText", "Threads"]),
        // The facade: compile, show once per version, tips. What an app imports.
        .target(name: "WhatsNewCore", dependencies: ["WhatsNewReader", "WhatsNewRender", "WhatsNewState", "WhatsNewTerminal", "WhatsNewModel", "JSONSchema", "YAMLTree", "Markdown", "SourceText", "WhatsNewDiagnostics", "WhatsNewIO", "WhatsNewText", "Threads"]),
        // `whatsnew lsp`: the Language Server Protocol over standard input and output (docs/lsp.md).
        .target(name: "WhatsNewLanguageServer", dependencies: ["WhatsNewCore", "JSONSchema", "SourceText", "YAMLTree", "WhatsNewText", "Threads"]),
        .executableTarget(
            name: "whatsnew",
            dependencies: [
                "WhatsNewCore", "WhatsNewLanguageServer", "JSONSchema", "SourceText", "YAMLTree",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The live preview: an HTTP server (Hummingbird) over the compiler, in memory; and its program.
        .target(
            name: "WhatsNewPreview",
            dependencies: [
                "WhatsNewCore", "Markdown", "SourceText", "YAMLTree", "WhatsNewText", "Threads",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "whatsnew-preview",
            dependencies: ["WhatsNewPreview", "WhatsNewCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `make schema-source`'s generator of Sources/WhatsNewReader/Schema/BuiltinSchema+Compiled.swift: the built-in
        // schema compiled when the package is built, written as Swift (see Scripts/generate-builtin-schema.sh).
        .executableTarget(name: "SchemaSourceGenerator", dependencies: ["JSONSchema", "SourceText", "WhatsNewDiagnostics"]),
        // The libFuzzer target of `make fuzz`; a plain build makes it a tool that replays inputs.
        .target(name: "CFuzzerDriver"),
        .executableTarget(name: "WhatsNewFuzz", dependencies: ["WhatsNewCore", "YAMLTree", "CFuzzerDriver"]),
        // The embedding example of docs/library.md: built with everything else, run by DocumentationTests.
        .executableTarget(name: "WhatsNewEmbeddingExample", dependencies: ["WhatsNewCore"], path: "docs/examples/Embedding", packageAccess: false),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ThreadsTests", dependencies: ["Threads"]),
        .testTarget(name: "YAMLTreeTests", dependencies: ["YAMLTree", "SourceText", "Threads", "TestSupport"]),
        .testTarget(name: "WhatsNewCoreTests", dependencies: ["WhatsNewCore", "WhatsNewTerminal", "WhatsNewState", "WhatsNewRender", "WhatsNewReader", "WhatsNewModel", "Markdown", "JSONSchema", "WhatsNewIO", "WhatsNewDiagnostics", "WhatsNewText", "YAMLTree", "SourceText", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["whatsnew", "TestSupport"]),
        .testTarget(name: "WhatsNewLanguageServerTests", dependencies: ["WhatsNewLanguageServer", "Threads"]),
        .testTarget(name: "WhatsNewPreviewTests", dependencies: ["WhatsNewPreview", "WhatsNewCore", "TestSupport"]),
    ]
)
