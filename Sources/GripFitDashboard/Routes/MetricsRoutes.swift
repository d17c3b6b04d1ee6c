import Hummingbird
import NIOCore
import Prometheus

/// `/metrics`: the registry a ``GripFitMetrics/MetricsConsumer`` feeds, in Prometheus' text format.
/// Behind the same ``AccessMiddleware`` as every route, so a token set on the dashboard is needed
/// here too; Prometheus sends it as `Authorization: Bearer …` (its scrape config's `authorization`).
public struct MetricsRoutes: Sendable {
    /// Prometheus' text exposition format, version 0.0.4.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    let registry: PrometheusCollectorRegistry

    public init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        let registry = registry
        router.get("/metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer()))
            )
        }
    }
}
