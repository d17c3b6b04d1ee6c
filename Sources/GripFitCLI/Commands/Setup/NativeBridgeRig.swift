import Foundation
import Glibc
import GripFitLinux
import GripFitOutput
import GripFitSimulator

/// `simulate --native-bridge`: the simulated GripFit and the real bridge firmware together, as
/// firmware-bridge/native/host-test.py starts them: the GripFit served on a Unix socket in this
/// process (``GripFitServer``), the native build of the sketch (`make -C firmware-bridge native`)
/// reaching it through its fake radio, and the bridge's USB port, a pty, printed as `simulate` prints its own.
enum NativeBridgeRig {
    /// Where `make -C firmware-bridge native` puts the plain build, from the repository's top.
    static let builtPath = "firmware-bridge/build/native/plain/gripfit-bridge-native"
    static let environmentName = "GRIPFIT_NATIVE_BRIDGE"
    static let buildAdvice =
        "build it with `make -C firmware-bridge native` in the gripfit-serial repository (set \(environmentName) to its "
        + "gripfit-bridge-native when this binary lives elsewhere)"

    /// The native bridge: `$GRIPFIT_NATIVE_BRIDGE`, else ``builtPath`` under `directories` or any folder above them.
    static func locate(environment: [String: String], searchingUpFrom directories: [String]) throws(CLIFailure) -> String {
        if let named = environment[environmentName], !named.isEmpty {
            guard access(named, X_OK) == 0 else {
                throw CLIFailure(
                    "\(environmentName) names \(named), which cannot be run (\(ErrnoText(errno))): \(buildAdvice).",
                    status: .unavailable
                )
            }
            return named
        }
        for start in directories {
            var directory = URL(fileURLWithPath: start).standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent(builtPath).path
                if access(candidate, X_OK) == 0 { return candidate }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        throw CLIFailure("The native bridge is not built: \(buildAdvice).", status: .unavailable)
    }

    /// Where this binary and the shell are: a build's `.build/debug` or the repository itself.
    static var searchDirectories: [String] {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().path
        }
        return [executable, FileManager.default.currentDirectoryPath].compactMap { $0 }
    }

    /// The GripFit served until `stop` is readable, on a thread of its own beside the bridge's watch.
    private final class ServerThread: @unchecked Sendable {
        let server: GripFitServer
        let stop: Int32
        let done = DispatchSemaphore(value: 0)
        var failure: SystemError?

        init(_ server: GripFitServer, stop: Int32) {
            self.server = server
            self.stop = stop
        }

        func start() {
            Thread.detachNewThread { [self] in
                do throws(SystemError) {
                    try server.run(stop: stop)
                } catch {
                    failure = error
                }
                done.signal()
            }
        }
    }

    /// Runs both until SIGINT or SIGTERM (or the bridge ends, a failure); prints the pty first.
    static func run(options: SimulatorOptions) throws {
        let bridge = try locate(environment: ProcessInfo.processInfo.environment, searchingUpFrom: searchDirectories)
        var template = Array((NSTemporaryDirectory() + "gripfit-native-XXXXXX").utf8CString)
        guard let scratch = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw CLIFailure(
                "Cannot create a directory in \(NSTemporaryDirectory()) (\(ErrnoText(errno))): set TMPDIR to a writable one.",
                status: .cannotCreate
            )
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let socket = scratch + "/gripfit.sock"
        let signals = try SignalPipe()
        var stopPipe: [Int32] = [-1, -1]
        guard pipe(&stopPipe) == 0 else { throw CLIFailure(SystemError(call: "pipe", errno: errno)) }
        // Not inherited by the bridge, which must not hold the GripFit's stop open.
        for fd in stopPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer {
            close(stopPipe[0])
            close(stopPipe[1])
        }
        let served = ServerThread(try GripFitServer(path: socket, options: options), stop: stopPipe[0])
        served.start()
        defer {
            var byte: UInt8 = 1
            _ = write(stopPipe[1], &byte, 1)
            served.done.wait()
            if let failure = served.failure { StandardOutput.error("gripfit-serial: the simulated GripFit stopped: \(failure)") }
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: bridge)
        process.arguments = ["--gripfit-socket", socket]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIFailure("Cannot start the native bridge \(bridge) (\(error)): \(buildAdvice).", status: .unavailable)
        }
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            process.waitUntilExit()
        }
        let signalled = try watch(output.fileHandleForReading.fileDescriptor, signals: signals.fileDescriptor)
        if !signalled {
            process.waitUntilExit()
            throw CLIFailure(
                "The native bridge \(bridge) exited (status \(process.terminationStatus)) before it was stopped; "
                    + "its stderr above says why. Rebuild it with `make -C firmware-bridge native`.",
                status: .software
            )
        }
    }

    /// Prints the bridge's first line (its pty), then waits: true once a signal came, false when the
    /// bridge's output ended first (it exited).
    private static func watch(_ output: Int32, signals: Int32) throws(CLIFailure) -> Bool {
        var line: [UInt8] = []
        var printed = false
        while true {
            var descriptors = [
                pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                throw CLIFailure(SystemError(call: "poll", errno: errno))
            }
            if descriptors[0].revents != 0 { return true }
            guard descriptors[1].revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = read(output, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return false }
            guard !printed else { continue }
            line += buffer.prefix(count)
            if let newline = line.firstIndex(of: UInt8(ascii: "\n")) {
                StandardOutput.line(String(decoding: line[..<newline], as: UTF8.self))
                printed = true
            }
        }
    }
}
