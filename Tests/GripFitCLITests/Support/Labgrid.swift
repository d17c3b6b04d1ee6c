import Foundation
import Glibc

/// labgrid from PyPI (the venv `make labgrid-venv` creates under .build-venv) run on loopback:
/// a coordinator, an exporter exporting a tty as a `RawSerialPort` (which it serves through
/// ser2net with RFC 2217), and `labgrid-client` to acquire the place and say where the port is.
final class Labgrid {
    static let bin = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build-venv/labgrid/bin").path
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: bin + "/labgrid-client") }

    let directory: String
    /// Where the coordinator listens: the port is the kernel's pick, read once it listens.
    private(set) var coordinator = ""
    private var processes: [Process] = []

    /// Starts the coordinator and an exporter named `rack1` that exports `tty` as `gripfit-rack`.
    init(exporting tty: String) throws {
        directory = NSTemporaryDirectory() + "gripfit-labgrid-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = """
            gripfit-rack:
              RawSerialPort:
                port: \(tty)
                speed: 115200

            """
        try config.write(toFile: directory + "/exporter.yaml", atomically: true, encoding: .utf8)
        let server = try start("labgrid-coordinator", ["--listen", "127.0.0.1:0"])
        try waitFor("the coordinator to listen") { !ListeningPorts.of(server.processIdentifier).isEmpty }
        coordinator = "127.0.0.1:\(ListeningPorts.of(server.processIdentifier)[0])"
        try waitFor("the coordinator to answer") { (try? self.client(["places"]))?.status == 0 }
        try start("labgrid-exporter", ["--coordinator", coordinator, "--name", "rack1", "--hostname", "127.0.0.1", "exporter.yaml"])
        try waitFor("the exporter to register the port") {
            (try? self.client(["resources"]))?.stdout.contains("rack1/gripfit-rack/NetworkSerialPort") == true
        }
    }

    deinit {
        // On SIGTERM the exporter stops the ser2net it started, but its gRPC threads may keep it
        // from exiting: it gets 3 s, then SIGKILL.
        for process in processes.reversed() where process.isRunning {
            process.terminate()
            let ended = (try? ProcessExit.awaitExit(of: process.processIdentifier, before: .now + .seconds(3))) ?? false
            if !ended { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `labgrid-client` against this coordinator.
    func client(_ arguments: [String]) throws -> CLIProcess.Result {
        let (process, out, err) = try CLIProcess.spawn(
            URL(fileURLWithPath: Self.bin + "/labgrid-client"), ["--coordinator", coordinator] + arguments,
            environment: environment, directory: URL(fileURLWithPath: directory))
        return CLIProcess.finish(process, out, err)
    }

    /// The `host` and `port` of the acquired place's NetworkSerialPort, from `labgrid-client show`.
    static func networkPort(fromShow text: String) -> (host: String, port: Int)? {
        guard let host = text.firstMatch(of: /'host': '([^']+)'/)?.1,
            let portText = text.firstMatch(of: /'port': (\d+)/)?.1, let port = Int(portText)
        else { return nil }
        return (String(host), port)
    }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // The exporter runs ser2net, which Debian installs in /usr/sbin.
        environment["PATH"] = Self.bin + ":/usr/sbin:/usr/bin:/sbin:/bin"
        return environment
    }

    @discardableResult
    private func start(_ tool: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.bin + "/" + tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processes.append(process)
        return process
    }

    private func waitFor(_ what: String, _ ready: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while !ready() {
            guard Date() < deadline else { throw LabgridError.timedOut(what) }
            usleep(200_000)
        }
    }
}

enum LabgridError: Error, CustomStringConvertible {
    case timedOut(String)

    var description: String {
        switch self {
        case .timedOut(let what): "timed out after 30 s waiting for \(what)"
        }
    }
}
