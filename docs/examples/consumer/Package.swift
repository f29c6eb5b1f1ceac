// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [
        .package(url: "https://example.com/whatsnew.git", from: "0.4.0"),
    ],
    targets: [
        .executableTarget(name: "consumer", dependencies: [.product(name: "WhatsNewCore", package: "whatsnew")]),
    ]
)
