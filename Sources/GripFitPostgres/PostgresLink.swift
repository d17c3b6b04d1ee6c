import Foundation
import GripFitRecords
import GripFitStore
import NIOPosix
import PostgresNIO

/// One connection to the server behind a lock, used synchronously: each call waits on PostgresNIO's
/// futures from the caller's thread (never an event loop's; the loop is this link's own single
/// thread), each wait with a deadline (``PostgresWaits``). A connection the server or the network
/// closed is opened again on the next call, so a long-running dashboard survives a server restart.
final class PostgresLink: @unchecked Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let location: PostgresLocation
    private let password: String?
    private let logger = Logger(label: "gripfit.postgres")
    /// Guards ``connection`` and serialises statements: one connection runs one at a time.
    private let lock = NSLock()
    private var connection: (connection: PostgresConnection, number: Int)?

    /// How long a connection (TCP, TLS, login) may take.
    static let connectTimeout = TimeAmount.seconds(5)
    /// TCP keepalives: an idle connection whose server or path has gone is found within about
    /// 10 + 3 × 5 s, and the next statement opens a new one rather than wait for its deadline.
    private static let keepalive: (idle: Int, interval: Int, count: Int) = (10, 5, 3)

    init(location: PostgresLocation, password: String?) throws {
        self.location = location
        self.password = password
        // A failed connect releases the link: deinit shuts its event loop down.
        connection = try connect()
    }

    deinit {
        // Closing is this side's own: it needs no answer from the server, which may be gone.
        if let connection { let _: EventLoopFuture<Void> = connection.connection.close() }
        try? group.syncShutdownGracefully()
    }

    /// Runs `body` with the connection, alone; reconnects first when the last one was closed.
    func with<Result>(_ body: (PostgresStatements) throws -> Result) throws -> Result {
        try lock.withLock {
            let current: (connection: PostgresConnection, number: Int)
            if let connection, !connection.connection.isClosed {
                current = connection
            } else {
                current = try connect()
                connection = current
            }
            return try body(PostgresStatements(connection: current.connection, number: current.number, logger: logger))
        }
    }

    /// `body` in one transaction (`begin` opens it): committed when it returns, rolled back when it throws.
    func transaction<Result>(begin: String = "BEGIN", _ body: (PostgresStatements) throws -> Result) throws -> Result {
        try with { statements in
            try statements.execute(begin)
            do {
                let result = try body(statements)
                try statements.execute("COMMIT")
                return result
            } catch {
                _ = try? statements.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Several reads that must see one state of the history (a session and its reps).
    func read<Result>(_ body: (PostgresStatements) throws -> Result) throws -> Result {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// A new connection: `allow` tries plain TCP first and TLS when the server refuses it, as libpq does.
    private func connect() throws -> (connection: PostgresConnection, number: Int) {
        guard location.sslMode == .allow else { return try connect(tls: Self.tls(location)) }
        do {
            return try connect(tls: .disable)
        } catch let error as PSQLError where error.code == .server {
            return try connect(tls: Self.tls(location, encrypted: true))
        }
    }

    private func connect(tls: PostgresConnection.Configuration.TLS) throws -> (connection: PostgresConnection, number: Int) {
        let loop = group.next()
        let username = location.user
        let password = password
        let database = location.database
        let channel: EventLoopFuture<any Channel>
        if location.isUnixSocket {
            channel = ClientBootstrap(group: loop).connectTimeout(Self.connectTimeout).connect(unixDomainSocketPath: location.socketPath)
        } else {
            let tcp = NIOBSDSocket.OptionLevel(rawValue: CInt(IPPROTO_TCP))
            func option(_ name: Int32) -> ChannelOptions.Types.SocketOption {
                ChannelOptions.Types.SocketOption(level: tcp, name: NIOBSDSocket.Option(rawValue: name))
            }
            channel = ClientBootstrap(group: loop).connectTimeout(Self.connectTimeout)
                .channelOption(.socketOption(.so_keepalive), value: 1)
                .channelOption(option(TCP_KEEPIDLE), value: Self.keepalive.idle)
                .channelOption(option(TCP_KEEPINTVL), value: Self.keepalive.interval)
                .channelOption(option(TCP_KEEPCNT), value: Self.keepalive.count)
                .connect(host: location.host, port: location.port)
        }
        // A host name is the certificate's name to check (verify-full); an address is never sent as one.
        let serverName =
            location.isUnixSocket || location.host.contains(":") || location.host.allSatisfy { $0.isNumber || $0 == "." }
            ? nil : location.host
        let logger = logger
        // TLS is for TCP: the server offers none on its Unix socket, and libpq asks for none there.
        let tls = location.isUnixSocket ? .disable : tls
        let connecting = channel.flatMap { channel in
            var configuration = PostgresConnection.Configuration(
                establishedChannel: channel,
                tls: tls,
                username: username,
                password: password,
                database: database
            )
            configuration.options.connectTimeout = Self.connectTimeout
            configuration.options.tlsServerName = serverName
            return PostgresConnection.connect(on: loop, configuration: configuration, id: 1, logger: logger)
        }
        // The bootstrap bounds the TCP connect and PostgresNIO the login, each by connectTimeout; this
        // wait's own deadline is a backstop, and a connection that comes after it is closed, unused.
        let number = PostgresWaits.newConnection()
        let connection: PostgresConnection
        do {
            connection = try PostgresWaits.wait(for: connecting, on: nil, numbered: number, within: Self.connectTimeout * 2 + .seconds(1))
        } catch {
            connecting.whenSuccess { late in let _: EventLoopFuture<Void> = late.close() }
            throw error
        }
        connection.closeFuture.whenComplete { _ in PostgresWaits.closed(number) }
        return (connection, number)
    }

    /// libpq's sslmode as NIOSSL settings: `allow` and `require` encrypt without checking who answers,
    /// `verify-ca` checks the certificate, `verify-full` its host name too; `prefer` falls back to
    /// plain TCP when the server offers no TLS (PostgresNIO's `.prefer`).
    /// `encrypted`: `allow`'s second try, TLS without checking who answers.
    private static func tls(_ location: PostgresLocation, encrypted: Bool = false) throws -> PostgresConnection.Configuration.TLS {
        var settings = TLSConfiguration.makeClientConfiguration()
        switch location.sslMode {
        case .disable: return .disable
        case .allow where !encrypted: return .disable
        case .allow, .prefer, .require: settings.certificateVerification = .none
        case .verifyCA: settings.certificateVerification = .noHostnameVerification
        case .verifyFull: settings.certificateVerification = .fullVerification
        }
        if let roots = location.rootCertificate {
            do {
                settings.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(roots))
            } catch {
                throw StoreError.unavailable(
                    path: location.description,
                    reason: "the sslrootcert file \(roots) does not read as PEM certificates (\(error)); give the path of the CA "
                        + "certificate that signed the server's"
                )
            }
        }
        let context = try NIOSSLContext(configuration: settings)
        return location.sslMode == .prefer ? .prefer(context) : .require(context)
    }
}
