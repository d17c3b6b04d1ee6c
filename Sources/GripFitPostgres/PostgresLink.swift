import Foundation
import GripFitStore
import PostgresNIO

/// One connection to the server behind a lock, used synchronously: each call waits on PostgresNIO's
/// futures from the caller's thread (never an event loop's; the loop is this link's own single
/// thread). A connection the server or the network closed is opened again on the next call, so a
/// long-running dashboard survives a server restart.
final class PostgresLink: @unchecked Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let configuration: PostgresConnection.Configuration
    private let logger = Logger(label: "gripfit.postgres")
    /// Guards ``connection`` and serialises statements: one connection runs one at a time.
    private let lock = NSLock()
    private var connection: PostgresConnection?

    init(location: PostgresLocation, password: String?) throws {
        var configuration: PostgresConnection.Configuration
        if location.isUnixSocket {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: location.socketPath, username: location.user, password: password, database: location.database)
        } else {
            configuration = PostgresConnection.Configuration(
                host: location.host, port: location.port, username: location.user, password: password, database: location.database,
                tls: try Self.tls(location))
        }
        configuration.options.connectTimeout = .seconds(5)
        self.configuration = configuration
        // A failed connect releases the link: deinit shuts its event loop down.
        connection = try connect()
    }

    deinit {
        _ = try? connection?.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Runs `body` with the connection, alone; reconnects first when the last one was closed.
    func with<Result>(_ body: (PostgresStatements) throws -> Result) throws -> Result {
        try lock.withLock {
            let current: PostgresConnection
            if let connection, !connection.isClosed {
                current = connection
            } else {
                current = try connect()
                connection = current
            }
            return try body(PostgresStatements(connection: current, logger: logger))
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

    private func connect() throws -> PostgresConnection {
        try PostgresConnection.connect(on: group.next(), configuration: configuration, id: 1, logger: logger).wait()
    }

    /// libpq's sslmode as NIOSSL settings: `require` encrypts without checking who answers,
    /// `verify-ca` checks the certificate, `verify-full` its host name too; `prefer` falls back to
    /// plain TCP when the server offers no TLS (PostgresNIO's `.prefer`).
    private static func tls(_ location: PostgresLocation) throws -> PostgresConnection.Configuration.TLS {
        var settings = TLSConfiguration.makeClientConfiguration()
        switch location.sslMode {
        case .disable: return .disable
        case .prefer, .require: settings.certificateVerification = .none
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
                        + "certificate that signed the server's")
            }
        }
        let context = try NIOSSLContext(configuration: settings)
        return location.sslMode == .prefer ? .prefer(context) : .require(context)
    }
}
