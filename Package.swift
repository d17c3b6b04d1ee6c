// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "gripfit-serial",
    products: [
        .executable(name: "gripfit-serial", targets: ["gripfit-serial"]),
        .library(name: "GripFitCore", targets: ["GripFitCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Portable: protocol, session state machine, analysis. Standard library only, no I/O, no clock.
        .target(name: "GripFitCore"),
        // The few C calls Swift cannot make safely itself: variadic ioctl and an async-signal-safe handler.
        .target(name: "CGripFitShims"),
        // Linux edge: termios serial port, poll loop, signals.
        .target(
            name: "GripFitLinux",
            dependencies: [
                "GripFitCore", "CGripFitShims",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Debian's zlib1g-dev, for trace blobs.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Session history (SQLite via GRDB), calibrations, export and import.
        .target(
            name: "GripFitStore",
            dependencies: ["GripFitCore", "CZlib", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // A virtual dongle + GripFit on a real pty.
        .target(name: "GripFitSimulator", dependencies: ["GripFitCore", "GripFitLinux", "CGripFitShims"]),
        .target(
            name: "GripFitCLI",
            dependencies: [
                "GripFitCore", "GripFitLinux", "GripFitSimulator", "GripFitStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "gripfit-serial", dependencies: ["GripFitCLI"]),
        .testTarget(name: "GripFitCoreTests", dependencies: ["GripFitCore"]),
        .testTarget(
            name: "GripFitStoreTests",
            dependencies: ["GripFitStore", "GripFitCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "GripFitLinuxTests", dependencies: ["GripFitLinux", "GripFitSimulator", "CGripFitShims"]),
        .testTarget(name: "GripFitSimulatorTests", dependencies: ["GripFitSimulator", "GripFitCore"]),
        .testTarget(name: "GripFitCLITests", dependencies: ["GripFitCLI", "GripFitCore", "GripFitStore"]),
    ],
    swiftLanguageModes: [.v6]
)
