import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore

/// `gripfit-serial dashboard`'s server: the page, and its route controllers, each built with its own
/// dependency: ``LiveRoutes`` over the session (``LiveControl``) and its events, ``HistoryRoutes``
/// over the history's pages (``HistoryPages``), ``MetricsRoutes`` over the session's metrics. Runs on
/// Hummingbird's event loops; the session runs
/// on its own thread.
public enum DashboardServer {
    /// The routes behind ``AccessMiddleware``. Generic over the context so tests can drive the
    /// router directly, without a socket.
    public static func buildRouter<Context: EventLoopRequestContext>(
        context: Context.Type = DashboardRequestContext.self,
        live: LiveRoutes<some LiveControl>,
        history: HistoryRoutes<some HistoryPages>,
        metrics: MetricsRoutes? = nil,
        access: AccessPolicy
    ) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: AccessMiddleware(policy: access))
        for file in PageFile.all {
            router.get(RouterPath(file.path)) { _, _ in file.response }
        }
        AccessRoutes.addRoutes(to: router)
        live.addRoutes(to: router)
        history.addRoutes(to: router)
        metrics?.addRoutes(to: router)
        return router
    }

    /// `monitor --metrics-listen`: `/metrics` alone, under the same access rules as the dashboard.
    public static func metricsRouter<Context: EventLoopRequestContext>(
        context: Context.Type = DashboardRequestContext.self,
        _ metrics: MetricsRoutes,
        access: AccessPolicy
    ) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: AccessMiddleware(policy: access))
        metrics.addRoutes(to: router)
        return router
    }

    /// Connections open at once; more wait in the listen backlog. A client on the LAN needs no
    /// token to connect, and without a bound its idle connections could take every file descriptor
    /// the session needs (the history database, the serial port) and lose a recording. The one
    /// that takes the last place closes the connection idle longest (``ConnectionTable``), so
    /// idle or refused clients cannot keep the page out either.
    static let maximumConnections = 128
    /// A connection with no request under way closes after this; an event stream is a request
    /// under way and stays open.
    static let idleTimeout: TimeAmount = .seconds(30)

    /// The application listening on `listen`; `onRunning` gets the port actually bound (for `:0`).
    /// With `tls`, HTTPS only: plain HTTP on the port gets a 400 naming the https URL (``HTTPSOnlyChannel``).
    public static func application(
        router: Router<DashboardRequestContext>,
        listen: ListenAddress,
        tls: TLSIdentity? = nil,
        logger: Logger,
        onRunning: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let connections = ConnectionTable(limit: Self.maximumConnections)
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard(table: connections)],
            idleTimeout: Self.idleTimeout
        )
        let server: HTTPServerBuilder
        if let tls {
            let configuration = TLSChannelConfiguration(tlsConfiguration: tls.serverConfiguration)
            // Built once per server (its NIOSSLContext, which ``TLSIdentity`` already made once to check the key).
            server = HTTPServerBuilder { responder in
                HTTPSOnlyChannel(
                    base: try TLSChannel(HTTP1Channel(responder: responder, configuration: http1), configuration: configuration)
                )
            }
        } else {
            server = .http1(configuration: http1)
        }
        return Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(listen.host, port: listen.port),
                serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(Self.maximumConnections, logger: logger)
            ),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? listen.port) },
            logger: logger
        )
    }
}
