import Foundation
import Glibc

/// Debian's real ser2net (4.x, YAML config) exporting a tty on 127.0.0.1, in raw `tcp` and
/// `telnet(rfc2217)` modes, on TCP ports the kernel picks, as a lab's exporter host would.
final class Ser2Net {
    static let executable = ["/usr/sbin/ser2net", "/usr/bin/ser2net"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// `make test` installs ser2net and sets this, so a missing one fails instead of skipping.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["GRIPFIT_REQUIRE_SER2NET"] == "1" }
    static var isUsable: Bool { executable != nil || isRequired }

    /// The kernel's picks, read once ser2net listens; a restart asks for the same ones.
    private(set) var rawPort: UInt16 = 0
    private(set) var rfc2217Port: UInt16 = 0
    let configPath: String
    private var pidPath: String { configPath + ".pid" }
    private let tty: String
    private var process: Process?

    var rawURL: String { "tcp://127.0.0.1:\(rawPort)" }
    var rfc2217URL: String { "rfc2217://127.0.0.1:\(rfc2217Port)" }

    init(exporting tty: String) throws {
        self.tty = tty
        configPath = NSTemporaryDirectory() + "gripfit-ser2net-\(getpid())-\(UUID().uuidString).yaml"
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: configPath)
        unlink(pidPath)
    }

    /// Starts ser2net in the foreground and waits until both accepters listen. The first start
    /// listens on port 0 (the kernel picks, and the port is never free in between); a restart
    /// asks for the ports it had, as a restarted exporter would.
    func start() throws {
        guard let executable = Self.executable else { throw Ser2NetError.notInstalled }
        let config = """
            connection: &gripfit-raw
              accepter: tcp,127.0.0.1,\(rawPort)
              connector: serialdev,\(tty),115200n81,local
            connection: &gripfit-rfc2217
              accepter: telnet(rfc2217),tcp,127.0.0.1,\(rfc2217Port)
              connector: serialdev,\(tty),115200n81,local

            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // ser2net writes its pid file once its accepters listen: that is the sign it is ready.
        unlink(pidPath)
        process.arguments = ["-n", "-d", "-c", configPath, "-P", pidPath]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let ports =
            try FileAppearance.awaitContents(of: pidPath, writtenBy: process.processIdentifier, before: .now + .seconds(30))
            ? ListeningPorts.of(process.processIdentifier) : []
        guard ports.count == 2 else { throw Ser2NetError.didNotListen(configPath) }
        (rawPort, rfc2217Port) = (ports[0], ports[1])
    }

    /// Kills ser2net (SIGKILL, as a crash or a pulled network cable would look to the client).
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }
}

enum Ser2NetError: Error, CustomStringConvertible {
    case notInstalled
    case didNotListen(String)
    case noFreePort

    var description: String {
        switch self {
        case .notInstalled: "ser2net is not installed; run `make deps` (Debian package ser2net)."
        case .didNotListen(let config): "ser2net did not start listening within 30 s with \(config)."
        case .noFreePort: "no free TCP port on 127.0.0.1."
        }
    }
}
