import Dispatch
import GripFitDashboard
import Hummingbird
import Testing

@testable import GripFitCLI

/// `--listen` failures on a real socket, in-process (issue 32): the dashboard's server fails at
/// once, before serving, with the address, the fix and the exit status `dashboard` exits with.
@Suite struct ServerTaskTests {
    /// A server with no routes on `listen`: the task and the port it bound, or its failure. Run on
    /// a dispatch thread, as `dashboard` runs it on its main thread: ``ServerTask/run(_:listen:logger:)``
    /// blocks until the socket is bound.
    static func serve(_ listen: ListenAddress) async -> (task: ServerTask, port: Result<Int, CLIFailure>) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let task = ServerTask()
                let logger = Diagnostics.logger(label: "gripfit.dashboard")
                let application = DashboardServer.application(
                    router: Router(context: DashboardRequestContext.self),
                    listen: listen,
                    logger: logger,
                    onRunning: task.running
                )
                do throws(CLIFailure) {
                    continuation.resume(returning: (task, .success(try task.run(application, listen: listen, logger: logger))))
                } catch {
                    continuation.resume(returning: (task, .failure(error)))
                }
            }
        }
    }

    @Test func aBusyPortFailsAtOnce() async throws {
        let first = await Self.serve(ListenAddress(host: "127.0.0.1", port: 0))
        defer { first.task.stop() }
        let port = try first.port.get()
        let second = await Self.serve(ListenAddress(host: "127.0.0.1", port: port))
        guard case .failure(let failure) = second.port else {
            Issue.record("a second server on 127.0.0.1:\(port) started")
            return
        }
        let said = "gripfit-serial: \(failure.message)\n"
        #expect(failure.status.rawValue == 75)
        #expect(said.contains("127.0.0.1:\(port) is already in use"), "\(said)")
        #expect(said.contains("--listen 127.0.0.1:\(port + 1)"), "\(said)")
        #expect(!said.contains("bind(") && !said.contains("errno"), "no Swift API text: \(said)")
        #expect(said.filter { $0 == "(" }.count == said.filter { $0 == ")" }.count, "\(said)")
    }

    @Test func anAddressNotOfThisMachineSaysSoAsAUsageError() async throws {
        // 192.0.2.1 is kept for documentation (RFC 5737) and .invalid never resolves (RFC 2606).
        for (host, expected) in [
            ("192.0.2.1", "192.0.2.1 is not an address of this machine"), ("nosuch.invalid", "nosuch.invalid is not a name"),
        ] {
            let served = await Self.serve(try #require(ListenAddress("\(host):8642")))
            guard case .failure(let failure) = served.port else {
                served.task.stop()
                Issue.record("\(host): the server started")
                continue
            }
            let said = "gripfit-serial: \(failure.message)\n"
            #expect(failure.status.rawValue == 64, "\(host): \(said)")
            #expect(said.contains(expected) && said.contains("0.0.0.0"), "\(said)")
            #expect(!said.contains("SocketAddressError") && !said.contains("errno"), "\(said)")
        }
    }
}
