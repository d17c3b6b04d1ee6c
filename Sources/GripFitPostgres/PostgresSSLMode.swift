/// libpq's `sslmode`, the subset a station needs: whether to encrypt and what to verify.
public enum PostgresSSLMode: String, CaseIterable, Sendable {
    /// Plain TCP, never TLS.
    case disable
    /// Plain TCP, and TLS (unchecked) only when the server refuses a plain connection.
    case allow
    /// TLS when the server offers it, plain when it refuses (libpq's default).
    case prefer
    /// TLS or nothing, the server's certificate not checked.
    case require
    /// TLS with the certificate checked against the trusted roots, not the host name.
    case verifyCA = "verify-ca"
    /// TLS with the certificate and the host name checked.
    case verifyFull = "verify-full"

    /// The modes accepted, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
