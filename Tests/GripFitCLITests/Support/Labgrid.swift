import Foundation
import Glibc

/// labgrid from PyPI (the venv `make labgrid-venv` creates under .build-venv) run on loopback:
/// a coordinator, an exporter exporting a tty as a `RawSerialPort` (which it serves through
/// ser2net with RFC 2217), and `labgrid-client` to acquire the place and say where the port is.
final class Labgrid {
    static let bin = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build-venv/labgrid/bin").path
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: bin + "/labgrid-client") }

    /// How long a program may take to say it is ready: a bound on a hang only (Python and gRPC
    /// start slowly on a machine whose cores are busy with the other suites).
    static let bound = Duration.seconds(120)

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
        // The coordinator says where it listens (the kernel's pick of port) once it does.
        let (_, said) = try start("labgrid-coordinator", ["--listen", "127.0.0.1:0"])
        let address = /listening on (127\.0\.0\.1:\d+)\n/
        let listening = PipeReader.text(of: said, before: .now + Self.bound) { $0.firstMatch(of: address) != nil }
        said.drainInBackground()
        guard let match = listening.firstMatch(of: address) else {
            throw LabgridError.didNotSay("labgrid-coordinator", "listening on 127.0.0.1:PORT", listening)
        }
        coordinator = String(match.1)
        // `labgrid-client monitor` prints each resource the coordinator tells it of once it has
        // subscribed, not those it learns while subscribing (labgrid 26 sets its `monitor` flag after
        // the first sync). So the exporter starts only when the monitor's debug log says that sync came
        // back; an exporter started beside it could register unseen, and the wait would end in a hang.
        let (monitor, resources) = try start("labgrid-client", ["--debug", "--coordinator", coordinator, "monitor"])
        let subscribed = PipeReader.text(of: resources, until: "received sync 1", before: .now + Self.bound)
        guard subscribed.contains("received sync 1") else {
            monitor.terminate()
            resources.drainInBackground()
            throw LabgridError.didNotSay("labgrid-client monitor", "received sync 1", subscribed)
        }
        try start("labgrid-exporter", ["--coordinator", coordinator, "--name", "rack1", "--hostname", "127.0.0.1", "exporter.yaml"])
        let seen = PipeReader.text(of: resources, until: "rack1/gripfit-rack/NetworkSerialPort", before: .now + Self.bound)
        monitor.terminate()
        resources.drainInBackground()
        guard seen.contains("rack1/gripfit-rack/NetworkSerialPort") else {
            throw LabgridError.didNotSay("labgrid-client monitor", "rack1/gripfit-rack/NetworkSerialPort", seen)
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
            URL(fileURLWithPath: Self.bin + "/labgrid-client"),
            ["--coordinator", coordinator] + arguments,
            environment: environment,
            directory: URL(fileURLWithPath: directory)
        )
        return CLIProcess.finish(process, out, err)
    }

    /// What `labgrid-client export --format json` says of the acquired `place` through labgrid's own
    /// SerialDriver (its `LG__SERIALDRIVER_HOST`, `_PORT`, `_PROTOCOL` and `_SPEED`), as the docs'
    /// recipe reads it. The client writes the file (renaming it into place) and then waits to be
    /// stopped: the wait is for the file, then the client is stopped.
    func export(place: String) throws -> [String: String] {
        let config = """
            targets:
              main:
                resources:
                  RemotePlace:
                    name: \(place)
                drivers:
                  SerialDriver: {}

            """
        try config.write(toFile: directory + "/place.yaml", atomically: true, encoding: .utf8)
        let path = directory + "/exported.json"
        let (process, said) = try start(
            "labgrid-client",
            ["--coordinator", coordinator, "-c", "place.yaml", "-p", place, "export", "--format", "json", path]
        )
        said.drainInBackground()
        let written = try FileAppearance.awaitContents(of: path, writtenBy: process.processIdentifier, before: .now + Self.bound)
        process.terminate()
        guard written, let data = FileManager.default.contents(atPath: path),
            let variables = try JSONSerialization.jsonObject(with: data) as? [String: String]
        else { throw LabgridError.didNotSay("labgrid-client export", "its variables in \(path)", "") }
        return variables
    }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // The exporter runs ser2net, which Debian installs in /usr/sbin.
        environment["PATH"] = Self.bin + ":/usr/sbin:/usr/bin:/sbin:/bin"
        // What they say is read as they say it: Python buffers a pipe's output otherwise.
        environment["PYTHONUNBUFFERED"] = "1"
        return environment
    }

    /// Starts one of labgrid's programs in the scratch directory; what it says (stdout and stderr
    /// together) comes through the pipe returned, read by the caller until it says what it waits
    /// for, then drained in the background so a full pipe never blocks it.
    @discardableResult
    private func start(_ tool: String, _ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.bin + "/" + tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        let said = Pipe()
        process.standardOutput = said
        process.standardError = said
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processes.append(process)
        return (process, said)
    }
}

enum LabgridError: Error, CustomStringConvertible {
    /// A program did not say what it says when ready within ``Labgrid/bound`` (or ended first); what it did say.
    case didNotSay(String, String, String)

    var description: String {
        switch self {
        case .didNotSay(let tool, let expected, let said):
            "\(tool) did not say \"\(expected)\" within \(Labgrid.bound) or ended first; it said: \(said)"
        }
    }
}
