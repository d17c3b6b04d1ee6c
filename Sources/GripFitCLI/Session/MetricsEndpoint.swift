import GripFitCore
import GripFitDashboard
import GripFitMetrics
import Prometheus

/// `monitor --metrics-listen`: `/metrics` for a headless rig, on the dashboard's server code (its
/// access rules, connection bound and idle timeout) with no page and no other route. The session's
/// ``MetricsConsumer`` feeds it; the server runs on Hummingbird's event loops beside the poll loop.
final class MetricsEndpoint {
    let consumer: MetricsConsumer
    private let server = ServerTask()
    /// The port bound (the kernel's pick for `:0`).
    let port: Int

    /// Serves at `listen` (with `token` required when given) before the session starts, so a busy
    /// port fails at once; `notice` gets the URL to scrape.
    init(listen: ListenAddress, token: String?, start: MonotonicInstant, notice: (String) -> Void) throws {
        let registry = PrometheusCollectorRegistry()
        consumer = MetricsConsumer(
            registry: registry,
            toolVersion: BuildInfo.version,
            pingInterval: MetricsConsumer.pingInterval,
            start: start
        )
        let router = DashboardServer.metricsRouter(
            MetricsRoutes(registry: registry),
            access: AccessPolicy(token: token, loopbackOnly: listen.isLoopback)
        )
        let logger = Diagnostics.logger(label: "gripfit.metrics")
        let application = DashboardServer.application(router: router, listen: listen, logger: logger, onRunning: server.running)
        port = try server.run(application, listen: listen, logger: logger)
        var shown = listen
        shown.port = port
        notice("gripfit-serial: metrics at http://\(shown)/metrics" + (token == nil ? "" : " (token as a bearer header)"))
    }

    func stop() {
        server.stop()
    }
}
