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
        // Threads, locks and hand-overs between threads: the one place that makes a thread.
        .target(name: "Threads"),
        .target(name: "YAMLTree", dependencies: ["CYAML", "Threads"]),
        .target(
            name: "WhatsNewCore",
            dependencies: ["YAMLTree", "Threads", "CCmark", "CUTF8Proc", "CXMLScanner", .product(name: "Mustache", package: "swift-mustache")]
        ),
        .executableTarget(
            name: "whatsnew",
            dependencies: [
                "WhatsNewCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The live preview: an HTTP server (Hummingbird) over the compiler, in memory; and its program.
        .target(
            name: "WhatsNewPreview",
            dependencies: [
                "WhatsNewCore", "YAMLTree", "Threads",
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
        // The libFuzzer target of `make fuzz`; a plain build makes it a tool that replays inputs.
        .target(name: "CFuzzerDriver"),
        .executableTarget(name: "WhatsNewFuzz", dependencies: ["WhatsNewCore", "YAMLTree", "CFuzzerDriver"]),
        // The embedding example of docs/library.md: built with everything else, run by DocumentationTests.
        .executableTarget(name: "WhatsNewEmbeddingExample", dependencies: ["WhatsNewCore"], path: "docs/examples/Embedding"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ThreadsTests", dependencies: ["Threads"]),
        .testTarget(name: "YAMLTreeTests", dependencies: ["YAMLTree", "TestSupport"]),
        .testTarget(name: "WhatsNewCoreTests", dependencies: ["WhatsNewCore", "YAMLTree", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["whatsnew", "TestSupport"]),
        .testTarget(name: "WhatsNewPreviewTests", dependencies: ["WhatsNewPreview", "WhatsNewCore", "TestSupport"]),
    ]
)
