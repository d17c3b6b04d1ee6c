// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in a package of their own so gripfit-serial itself never depends on the
// benchmark package. `make bench` runs them; Benchmarks/README.md "Performance" has the latest figures.
let package = Package(
    name: "gripfit-serial-benchmarks",
    dependencies: [
        .package(name: "gripfit-serial", path: ".."),
        // MallocInterposer counts the allocations per line; no other trait is wanted.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The benchmark plugin finds targets whose folder sits in a folder named Benchmarks.
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GripFitCore", package: "gripfit-serial"),
            ],
            path: "CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The audit trail's cost against the history's own saves (`make bench-history`).
        .executableTarget(
            name: "AuditCost",
            dependencies: [
                .product(name: "GripFitCore", package: "gripfit-serial"),
                .product(name: "GripFitRecords", package: "gripfit-serial"),
                .product(name: "GripFitStore", package: "gripfit-serial"),
            ],
            path: "AuditCost"
        ),
    ],
    swiftLanguageModes: [.v6]
)
