// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "gripfit-serial",
    products: [
        .executable(name: "gripfit-serial", targets: ["gripfit-serial"]),
        .library(name: "GripFitCore", targets: ["GripFitCore"]),
        // For Benchmarks/AuditCost, which saves into a history in-process.
        .library(name: "GripFitRecords", targets: ["GripFitRecords"]),
        .library(name: "GripFitStore", targets: ["GripFitStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Hummingbird's own: the dashboard runs its event stream's task on the connection's event loop.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // Hummingbird's own: the dashboard's connection guard sees the HTTP parts it decodes.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // The shared history on a PostgreSQL server (several stations, one history).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `$XDG_CONFIG_HOME/gripfit/config.toml`: the history to use and this station's name.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // `/metrics`, `check --metrics-file`, `monitor --metrics-listen`: Prometheus' text format (and swift-metrics under it).
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `dashboard --tls`: the self-signed certificate (X509, on swift-crypto's P-256) and the TLS configuration
        // (NIOSSL, already built for PostgresNIO's TLS).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        // Portable: protocol, session state machine, analysis. Standard library only, no I/O, no clock.
        .target(name: "GripFitCore"),
        // One escaping helper per output format (terminal, CSV, JSON, XML/SVG), on Unicode scalars,
        // shared by every consumer: CLI, store export, reports, dashboard; and errno as text (`ErrnoText`).
        // Standard library only, and libc's strerror.
        .target(name: "GripFitOutput"),
        // The few C calls Swift cannot make safely itself: variadic ioctl and an async-signal-safe handler.
        .target(name: "CGripFitShims"),
        // The git commit `make release` passes in (-DGRIPFIT_COMMIT), for `--version`.
        .target(name: "CGripFitBuildInfo"),
        // libudev: find the dongle by its USB identity and follow it across replugs.
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // Linux edge: termios serial port, poll loop, signals.
        .target(
            name: "GripFitLinux",
            dependencies: [
                "GripFitCore", "GripFitOutput", "CGripFitShims", "CUdev",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Network ports beside the termios one: raw TCP and RFC 2217 (ser2net, labgrid exporters).
        .target(name: "GripFitNetworkPort", dependencies: ["GripFitCore", "GripFitLinux", "GripFitOutput"]),
        // Debian's zlib1g-dev, for trace blobs.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The bridge's firmware update: the DFU package (zip, manifest, init packet), the Adafruit
        // bootloader's serial DFU framing and the transfer's acknowledgements. Pure, no I/O: standard
        // library, Foundation (the manifest's JSON), GripFitCore (the firmware version), zlib (the zip).
        .target(name: "GripFitFirmware", dependencies: ["GripFitCore", "CZlib"]),
        // What a grip means: subjects' facts, trial statistics, published norms and thresholds, the
        // clinical report and FHIR. Pure, no I/O: standard library, Foundation (dates, time zones,
        // number formats, erfc), GripFitCore and GripFitOutput only.
        .target(name: "GripFitClinical", dependencies: ["GripFitCore", "GripFitOutput"]),
        // The records the history holds and every layer reads (sessions, rows, tags, versions, calibrations,
        // assessments, summary and tag fields, stable names) and their failures (`StoreError`, which the store and
        // the exchange formats both throw), below the store and the live layer: plain values, no SQLite.
        // Standard library, Foundation (dates), GripFitCore, GripFitClinical and GripFitOutput only.
        .target(name: "GripFitRecords", dependencies: ["GripFitCore", "GripFitClinical", "GripFitOutput"]),
        // The exchange formats: sessions as JSON or CSV files (export, streamed import, the splitter), assessments
        // read clinically (``ClinicalView``) for the report and FHIR. Files, not SQLite: no GRDB.
        .target(name: "GripFitExchange", dependencies: ["GripFitCore", "GripFitOutput", "GripFitClinical", "GripFitRecords"]),
        // Session history (SQLite via GRDB, and the rules every backend shares), the station's history, private files.
        .target(
            name: "GripFitStore",
            dependencies: [
                "GripFitCore", "GripFitOutput", "GripFitClinical", "GripFitRecords", "GripFitExchange", "CZlib",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // `check`: conformance cases, verdict rules and figures, driven by session reports. Pure, no I/O.
        .target(
            name: "GripFitConformance",
            dependencies: ["GripFitCore", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        // A virtual dongle + GripFit on a real pty.
        .target(name: "GripFitSimulator", dependencies: ["GripFitCore", "GripFitLinux", "CGripFitShims"]),
        // `dashboard`: the HTTP server, the page and its backend (a consumer of one session like the other
        // commands, given its port's inbox, clocks and history by the CLI).
        .target(
            name: "GripFitDashboard",
            dependencies: [
                "GripFitCore", "GripFitOutput", "GripFitRecords", "GripFitExchange", "GripFitStore", "GripFitLive", "GripFitClinical",
                "GripFitMetrics",
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            // Compiled into the binary: an installed gripfit-serial serves the page with nothing beside it.
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/dashboard.css"), .embedInCode("Page/dashboard.js")]
        ),
        // The session's consumers (recording, guided run, live view, check's run) and the dashboard's roles
        // (live status, the page's recording and guided run), clock-free: the CLI builds them and hands them
        // to the driver; tests feed them reports and instants by hand.
        .target(name: "GripFitLive", dependencies: ["GripFitCore", "GripFitOutput", "GripFitRecords", "GripFitConformance"]),
        // The session's figures for Prometheus (readings, drops, round trips, versions): a consumer that feeds
        // a registry it is given, clock-free like GripFitLive's, and check's verdicts; the dashboard serves them, check writes a file.
        .target(
            name: "GripFitMetrics",
            dependencies: ["GripFitCore", "GripFitConformance", .product(name: "Prometheus", package: "swift-prometheus")]
        ),
        .testTarget(
            name: "GripFitMetricsTests",
            dependencies: [
                "GripFitMetrics", "GripFitCore", "GripFitConformance", "ConsumerTestSupport",
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // The shared history on a PostgreSQL server (``PostgresHistory``), beside the SQLite file: URL, ~/.pgpass,
        // TLS, versioned schema. Its connection hands the store neutral rows (`HistoryConnection`), so it links no GRDB.
        .target(
            name: "GripFitPostgres",
            dependencies: [
                "GripFitStore", "GripFitRecords", "GripFitExchange", "GripFitCore", "GripFitClinical", "GripFitOutput",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The connection's own failures (NIOConnectionError, IOError), said in a line.
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "GripFitPostgresTests",
            dependencies: [
                "GripFitPostgres", "GripFitStore", "GripFitRecords", "GripFitExchange", "GripFitCore", "GripFitClinical",
                "PostgresTestSupport",
                "StoreTestSupport",
                "ScratchSupport",
            ]
        ),
        .target(
            name: "GripFitCLI",
            dependencies: [
                "GripFitCore", "GripFitOutput", "GripFitLinux", "GripFitNetworkPort", "GripFitSimulator",
                "GripFitConformance", "GripFitRecords", "GripFitExchange", "GripFitStore", "GripFitPostgres", "GripFitClinical",
                "GripFitDashboard", "GripFitLive", "GripFitFirmware", "GripFitMetrics",
                "CGripFitBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(name: "gripfit-serial", dependencies: ["GripFitCLI"]),
        .testTarget(name: "GripFitCoreTests", dependencies: ["GripFitCore"]),
        .testTarget(name: "GripFitOutputTests", dependencies: ["GripFitOutput"]),
        .testTarget(name: "GripFitFirmwareTests", dependencies: ["GripFitFirmware", "GripFitCore"], exclude: ["Fixtures"]),
        .testTarget(name: "GripFitClinicalTests", dependencies: ["GripFitClinical", "GripFitCore", "FHIRTestSupport"]),
        .testTarget(name: "GripFitRecordsTests", dependencies: ["GripFitRecords", "GripFitCore"]),
        .testTarget(
            name: "GripFitExchangeTests",
            dependencies: ["GripFitExchange", "GripFitRecords", "GripFitClinical", "GripFitCore", "StoreTestSupport", "FHIRTestSupport"]
        ),
        .testTarget(
            name: "GripFitStoreTests",
            dependencies: [
                "GripFitStore", "GripFitRecords", "GripFitExchange", "GripFitPostgres", "GripFitCore", "PostgresTestSupport",
                "StoreTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The session the store's tests and the server's file (one shape, both backends).
        .target(
            name: "StoreTestSupport",
            dependencies: ["GripFitStore", "GripFitRecords", "GripFitClinical", "GripFitCore", "ScratchSupport"],
            path: "Tests/StoreTestSupport"
        ),
        // One consumer run on a fake clock (reports in, ticks at its deadlines, actions collected), shared by
        // the consumers' tests.
        .target(name: "ConsumerTestSupport", dependencies: ["GripFitCore"], path: "Tests/ConsumerTestSupport"),
        // The FHIR R4 validators (fhir.resources, fhirclient) run on Bundles, shared by the Clinical and Exchange tests.
        .target(name: "FHIRTestSupport", path: "Tests/FHIRTestSupport"),
        // Private scratch directories removed when a test process exits.
        .target(name: "ScratchSupport", path: "Tests/ScratchSupport"),
        // A throwaway PostgreSQL cluster (Debian's `postgresql`) per test process, for the store's tests
        // against both backends and the CLI's: it drives initdb, pg_ctl and psql.
        .target(name: "PostgresTestSupport", dependencies: ["CGripFitShims"], path: "Tests/PostgresTestSupport"),
        // umockdev's testbed (loaded at run time: building needs no umockdev) and the fake dongles,
        // shared by the udev tests of GripFitLinux and the CLI.
        .target(name: "UmockdevTestSupport", path: "Tests/UmockdevTestSupport", exclude: ["Fixtures"]),
        .testTarget(
            name: "GripFitLinuxTests",
            dependencies: ["GripFitLinux", "GripFitSimulator", "CGripFitShims", "UmockdevTestSupport"]
        ),
        .testTarget(name: "GripFitNetworkPortTests", dependencies: ["GripFitNetworkPort", "GripFitLinux"]),
        .testTarget(name: "GripFitSimulatorTests", dependencies: ["GripFitSimulator", "GripFitCore", "CGripFitShims"]),
        .testTarget(
            name: "GripFitDashboardTests",
            dependencies: [
                "GripFitDashboard", "GripFitStore", "GripFitRecords", "GripFitExchange", "GripFitLive", "GripFitCore", "GripFitClinical",
                "ScratchSupport",
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        .testTarget(name: "GripFitConformanceTests", dependencies: ["GripFitConformance", "GripFitCore"]),
        .testTarget(
            name: "GripFitLiveTests",
            dependencies: ["GripFitLive", "GripFitCore", "GripFitOutput", "GripFitRecords", "GripFitConformance", "ConsumerTestSupport"]
        ),
        .testTarget(
            name: "GripFitCLITests",
            dependencies: [
                "GripFitCLI", "GripFitClinical", "GripFitConformance", "GripFitCore", "GripFitOutput", "GripFitSimulator", "GripFitStore",
                "GripFitRecords", "GripFitExchange",
                "GripFitDashboard", "GripFitLinux", "UmockdevTestSupport", "PostgresTestSupport", "ScratchSupport", "CGripFitShims",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
