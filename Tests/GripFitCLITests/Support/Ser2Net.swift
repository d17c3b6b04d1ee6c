import Foundation
import Glibc

/// Debian's real ser2net (4.x, YAML config) exporting a tty on 127.0.0.1, in raw `tcp` and
/// `telnet(rfc2217)` modes, on free TCP ports, as a lab's exporter host would.
final class Ser2Net {
    static let executable = ["/usr/sbin/ser2net", "/usr/bin/ser2net"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// `make test` installs ser2net and sets this, so a missing one fails instead of skipping.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["GRIPFIT_REQUIRE_SER2NET"] == "1" }
    static var isUsable: Bool { executable != nil || isRequired }

    let rawPort: UInt16
    let rfc2217Port: UInt16
    let configPath: String
    private var process: Process?

    var rawURL: String { "tcp://127.0.0.1:\(rawPort)" }
    var rfc2217URL: String { "rfc2217://127.0.0.1:\(rfc2217Port)" }

    init(exporting tty: String) throws {
        rawPort = try Self.freePort()
        rfc2217Port = try Self.freePort()
        configPath = NSTemporaryDirectory() + "gripfit-ser2net-\(getpid())-\(rawPort).yaml"
        let config = """
            connection: &gripfit-raw
              accepter: tcp,127.0.0.1,\(rawPort)
              connector: serialdev,\(tty),115200n81,local
            connection: &gripfit-rfc2217
              accepter: telnet(rfc2217),tcp,127.0.0.1,\(rfc2217Port)
              connector: serialdev,\(tty),115200n81,local

            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: configPath)
    }

    /// Starts ser2net in the foreground and waits until both ports listen.
    func start() throws {
        guard let executable = Self.executable else { throw Ser2NetError.notInstalled }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-n", "-d", "-c", configPath]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(5)
        while !(Self.isListening(rawPort) && Self.isListening(rfc2217Port)) {
            guard Date() < deadline, process.isRunning else { throw Ser2NetError.didNotListen(configPath) }
            usleep(20_000)
        }
    }

    /// Kills ser2net (SIGKILL, as a crash or a pulled network cable would look to the client).
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// A TCP port nobody listens on now: the kernel's pick for port 0.
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw Ser2NetError.noFreePort }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether a socket listens on the port, from /proc/net/tcp, without connecting (a probe
    /// connection would open the tty and disturb the test).
    static func isListening(_ port: UInt16) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return false }
        let hex = String(format: ":%04X", port)
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1].hasSuffix(hex) && fields[3] == "0A"
        }
    }
}

enum Ser2NetError: Error, CustomStringConvertible {
    case notInstalled
    case didNotListen(String)
    case noFreePort

    var description: String {
        switch self {
        case .notInstalled: "ser2net is not installed; run `make deps` (Debian package ser2net)."
        case .didNotListen(let config): "ser2net did not start listening within 5 s with \(config)."
        case .noFreePort: "no free TCP port on 127.0.0.1."
        }
    }
}
