import GripFitOutput
import GripFitRecords
import GripFitStore
import NIOCore
import NIOPosix
import PostgresNIO

/// What went wrong on the way to or on the server, as a ``StoreError`` naming the fix: who must act
/// (the network, the password, the server's administrator) decides the case. Server text is escaped.
enum PostgresFailure {
    static func storeError(_ error: any Error, location: PostgresLocation) -> StoreError {
        if let error = error as? StoreError { return error }
        let place = location.description
        if let error = error as? PostgresWaitFailure { return .unreachable(location: place, reason: error.description) }
        // The TCP connect itself (this side's bootstrap, before PostgresNIO wraps anything).
        if error is NIOConnectionError || error is IOError || error is ChannelError {
            return .unreachable(location: place, reason: connectionReason(error))
        }
        guard let error = error as? PSQLError else {
            return .unavailable(path: place, reason: UntrustedText.escaped("\(error)"))
        }
        switch error.code {
        case .server:
            return server(error, location: location)
        case .connectionError where error.underlying is NIOSSLError || error.underlying is NIOSSLExtraError:
            return .tlsRefused(
                location: place,
                reason: "the server's TLS certificate was not accepted (\(UntrustedText.escaped(error.underlying.map { "\($0)" } ?? ""))); "
                    + "give the CA that signed it with sslrootcert=PATH, and for verify-full connect by a name the certificate holds"
            )
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return .unreachable(location: place, reason: connectionReason(error.underlying))
        case .sslUnsupported:
            return .tlsRefused(
                location: place,
                reason: "the server offers no TLS, which sslmode=\(location.sslMode.rawValue) requires; turn ssl on in its "
                    + "postgresql.conf, or use sslmode=prefer where the network is trusted"
            )
        case .failedToAddSSLHandler:
            return .unavailable(
                path: place,
                reason: "TLS could not be set up (\(UntrustedText.escaped(error.underlying.map { "\($0)" } ?? "")))"
            )
        case .authMechanismRequiresPassword:
            return .unavailable(path: place, reason: passwordFix(location, problem: "the server asks for a password and none is set"))
        default:
            let detail = error.underlying.map { ": \($0)" } ?? ""
            return .unavailable(path: place, reason: UntrustedText.escaped("\(error.code)\(detail)"))
        }
    }

    /// Why no connection was made, in a line: the socket's errno as the C library words it, or the
    /// name that did not resolve; NIO's own description nests every attempt's error.
    static func connectionReason(_ underlying: (any Error)?) -> String {
        switch underlying {
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first {
                return "\(failure.target.ipAddress ?? "\(failure.target)"): \(connectionReason(failure.error))"
            }
            if let lookup = error.dnsAError ?? error.dnsAAAAError {
                return "cannot resolve \(UntrustedText.escaped(error.host)) (\(UntrustedText.escaped("\(lookup)")))"
            }
            return "no address of \(UntrustedText.escaped(error.host)) answered"
        case let error as IOError:
            return ErrnoText(error.errnoCode).description
        case ChannelError.connectTimeout(let timeout)?:
            return "no answer within \(timeout.nanoseconds / 1_000_000_000) s"
        case nil:
            return "the server closed the connection"
        case let other?:
            return UntrustedText.escaped("\(other)")
        }
    }

    /// libpq's own advice for the password, as a `psql` user knows it.
    static func passwordFix(_ location: PostgresLocation, problem: String) -> String {
        "\(problem); set PGPASSWORD or a ~/.pgpass line host:port:db:user:password (chmod 600)"
    }

    /// A server's ErrorResponse, by SQLSTATE class.
    private static func server(_ error: PSQLError, location: PostgresLocation) -> StoreError {
        let place = location.description
        let state = error.serverInfo?[.sqlState] ?? ""
        let raw = error.serverInfo?[.message] ?? "error \(state)"
        let message = UntrustedText.escaped(raw)
        switch state {
        case "28P01":
            return .unavailable(
                path: place,
                reason: passwordFix(location, problem: "password authentication failed for user \(UntrustedText.escaped(location.user))")
            )
        case "28000":
            return .unavailable(
                path: place,
                reason: "\(message); allow this station and user in the server's pg_hba.conf"
            )
        case "3D000":
            return .unavailable(
                path: place,
                reason: "\(message); create it with `createdb -h \(location.host) -p \(location.port) -U \(location.user) "
                    + "\(location.database)`"
            )
        case "42501":
            return .unavailable(
                path: place,
                reason: "\(message); the server's administrator must GRANT user \(location.user) its rights on the history"
            )
        case "25006":
            return .unavailable(
                path: place,
                reason: "the database takes no writes (\(message)); its administrator must run `ALTER DATABASE "
                    + "\(UntrustedText.escaped(location.database)) SET default_transaction_read_only = off`, or, on a standby, "
                    + "name the primary server"
            )
        case "53100":
            return .unavailable(path: place, reason: "the server's disk is full (\(message)); its administrator must free space")
        case "57P01", "57P02", "57P03":
            return .unreachable(location: place, reason: raw)
        case let state where state.hasPrefix("23"):
            return .refused(path: place, reason: raw)
        default:
            return .unavailable(path: place, reason: message)
        }
    }
}
