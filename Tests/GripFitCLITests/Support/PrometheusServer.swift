import Foundation
import Glibc

/// Debian's real Prometheus (`prometheus` package) on 127.0.0.1, on a port the kernel picks, with
/// a scrape config of the test's and a scratch TSDB, as a rack's monitoring host would run it.
/// Its log says the port and when it is ready; a test waits for scrapes as they pass a ``TCPRelay``
/// in front of the target, and asks Prometheus' HTTP API after each.
final class PrometheusServer: @unchecked Sendable {
    static let executable = "/usr/bin/prometheus"
    static let promtool = "/usr/bin/promtool"
    /// `make test` installs prometheus and sets this, so a missing one fails instead of skipping.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["GRIPFIT_REQUIRE_PROMETHEUS"] == "1" }
    static var isUsable: Bool { FileManager.default.isExecutableFile(atPath: executable) || isRequired }

    let directory: String
    private(set) var port: UInt16
    private let process: Process
    /// What the log has said so far (the port it listens on, whether it is ready), under its condition.
    private var listening: UInt16?
    private var ready = false
    private var logEnded = false
    private let logged = NSCondition()
    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts Prometheus with `config` (YAML) and waits until its log says it is ready.
    init(config: String) throws {
        directory = NSTemporaryDirectory() + "gripfit-prometheus-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try config.write(toFile: directory + "/prometheus.yml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = [
            "--config.file=\(directory)/prometheus.yml", "--storage.tsdb.path=\(directory)/data",
            "--web.listen-address=127.0.0.1:0", "--log.level=info",
        ]
        let log = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        port = 0
        Thread.detachNewThread { [self] in follow(log.fileHandleForReading) }
        logged.lock()
        let deadline = Date() + 60
        while !(ready && listening != nil), !logEnded, logged.wait(until: deadline) {}
        let found = ready ? listening : nil
        logged.unlock()
        guard let found else {
            process.terminate()
            process.waitUntilExit()
            throw PrometheusError("prometheus did not say it was ready within 60 s (config in \(directory)/prometheus.yml)")
        }
        port = found
    }

    /// Reads the log to its end (so Prometheus never blocks on a full pipe), noting the port of
    /// `msg="Listening on" address=127.0.0.1:PORT` and `msg="Server is ready to receive web requests."`.
    private func follow(_ log: FileHandle) {
        var pending = ""
        while case let chunk = log.availableData, !chunk.isEmpty {
            pending += String(decoding: chunk, as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                let line = pending[..<newline]
                pending.removeSubrange(...newline)
                logged.lock()
                if line.contains(#"msg="Listening on""#),
                    let address = line.split(separator: " ").last(where: { $0.hasPrefix("address=") })
                {
                    listening = address.split(separator: ":").last.flatMap { UInt16($0) }
                }
                if line.contains("Server is ready to receive web requests") { ready = true }
                logged.broadcast()
                logged.unlock()
            }
        }
        logged.lock()
        logEnded = true
        logged.broadcast()
        logged.unlock()
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

    /// Asks `query` after each scrape that passes `scrapes` (the relay Prometheus scrapes the target
    /// through) until its value satisfies `holds` or `deadline` passes; the last value seen.
    func value(
        of query: String,
        after scrapes: TCPRelay,
        before deadline: ContinuousClock.Instant,
        until holds: (Double) -> Bool
    ) -> Double? {
        var last = value(of: query)
        while !(last.map(holds) ?? false) {
            let sent = scrapes.sent
            let left = deadline - .now
            let bound = Date() + Double(left.components.seconds) + 1
            guard left > .zero, scrapes.awaitClientBytes(beyond: sent, before: bound) else { break }
            last = value(of: query)
        }
        return last
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
