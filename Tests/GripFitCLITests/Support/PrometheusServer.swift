import Foundation
import Glibc

/// Debian's real Prometheus (`prometheus` package) on 127.0.0.1, on a port the kernel picks, with
/// a scrape config of the test's and a scratch TSDB, as a rack's monitoring host would run it.
/// It scrapes its target through a ``TCPRelay``, so a test waits for scrapes as events: a query is
/// asked again each time the next scrape request starts (Prometheus has stored the one before it by then).
final class PrometheusServer {
    static let executable = "/usr/bin/prometheus"
    static let promtool = "/usr/bin/promtool"
    /// `make test` installs prometheus and sets this, so a missing one fails instead of skipping.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["GRIPFIT_REQUIRE_PROMETHEUS"] == "1" }
    static var isUsable: Bool { FileManager.default.isExecutableFile(atPath: executable) || isRequired }

    let directory: String
    let port: UInt16
    private let process: Process
    private let scrapes: TCPRelay
    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts Prometheus with `config` (YAML), whose target is `scrapes`' port, and waits until it
    /// says it is ready; its port is the one its log says it listens on.
    init(config: String, scrapesThrough scrapes: TCPRelay) throws {
        self.scrapes = scrapes
        directory = NSTemporaryDirectory() + "gripfit-prometheus-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try config.write(toFile: directory + "/prometheus.yml", atomically: true, encoding: .utf8)
        let process = Process()
        let log = Pipe()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = [
            "--config.file=\(directory)/prometheus.yml", "--storage.tsdb.path=\(directory)/data",
            "--web.listen-address=127.0.0.1:0", "--log.level=info",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let said = PipeReader.text(of: log, until: "Server is ready to receive web requests", before: .now + .seconds(60))
        log.drainInBackground()
        let listening = said.components(separatedBy: #"msg="Listening on" address=127.0.0.1:"#).dropFirst().first
        guard said.contains("Server is ready"), let port = listening.flatMap({ UInt16(String($0.prefix { $0.isNumber })) }) else {
            process.terminate()
            process.waitUntilExit()
            throw PrometheusError("prometheus was not ready within 60 s (config in \(directory)/prometheus.yml); it said:\n\(said)")
        }
        self.port = port
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    /// An instant query's answer as Prometheus' API gives it (`status`, `data`, `error`); nil when it did not answer.
    func answer(to query: String) -> [String: Any]? {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=[]{}\"")
        guard let encoded = query.addingPercentEncoding(withAllowedCharacters: allowed),
            let response = try? HTTPTestClient(port: Int(port)).get("/api/v1/query?query=" + encoded)
        else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
    }

    /// An instant query's first sample value, nil when the result is empty (or Prometheus is not ready yet).
    func value(of query: String) -> Double? {
        guard let object = answer(to: query), object["status"] as? String == "success",
            let data = object["data"] as? [String: Any], let result = data["result"] as? [[String: Any]],
            let sample = result.first?["value"] as? [Any], sample.count == 2, let text = sample[1] as? String
        else { return nil }
        return Double(text)
    }

    /// Asks `query` again at each new scrape until its value satisfies `holds` or `deadline` passes
    /// (a bound on a hang); the last value seen.
    func value(of query: String, before deadline: ContinuousClock.Instant, until holds: (Double) -> Bool) -> Double? {
        while true {
            let scraped = scrapes.sent
            let last = value(of: query)
            if last.map(holds) ?? false { return last }
            let left = deadline - .now
            let until = Date() + Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            guard left > .zero, scrapes.awaitClientBytes(beyond: scraped, before: until) else { return last }
        }
    }

    /// `promtool ARGUMENTS`: its exit status and everything it printed.
    static func promtool(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: promtool)
        process.arguments = arguments
        let output = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

struct PrometheusError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
