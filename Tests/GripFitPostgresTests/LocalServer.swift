import Foundation

/// A fresh database per test on a cluster already running on 127.0.0.1 (`GRIPFIT_PG_TEST_PORT`,
/// user `gripfit`, password `GRIPFIT_PG_TEST_PASSWORD`), made with `createdb`. Stands in until the
/// shared test support starts its own cluster.
enum LocalServer {
    static var port: String? { ProcessInfo.processInfo.environment["GRIPFIT_PG_TEST_PORT"] }
    static var password: String { ProcessInfo.processInfo.environment["GRIPFIT_PG_TEST_PASSWORD"] ?? "" }
    static var isAvailable: Bool { port != nil }

    /// A new empty database's URL.
    static func database() throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/createdb")
        process.arguments = ["-h", "127.0.0.1", "-p", port ?? "", "-U", "gripfit", name]
        process.environment = ["PGPASSWORD": password]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return "postgresql://gripfit@127.0.0.1:\(port ?? "")/\(name)?sslmode=disable"
    }
}
