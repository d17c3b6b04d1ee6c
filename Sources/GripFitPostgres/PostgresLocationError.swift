import GripFitOutput

/// Why a history URL was refused, each naming the fix. The URL is never quoted whole: it may hold a password.
public enum PostgresLocationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not `postgresql://` or `postgres://`.
    case notPostgres
    /// `user:secret@`: the password would be on the command line.
    case passwordInURL
    case badPort(String)
    case badSSLMode(String)
    case unknownParameter(String)
    /// A `%` not followed by two hex digits, or bytes that are not UTF-8.
    case badEncoding(String)
    /// Neither `PGUSER` nor the login user names a database user.
    case noUser
    /// A libpq environment variable (`PGPORT`, `PGSSLMODE`) the URL leaves in charge holds a value that does not read.
    case badVariable(String, String)

    public var description: String {
        switch self {
        case .notPostgres:
            "a history server is given as postgresql://[user@]host[:port][/dbname][?sslmode=...]"
        case .passwordInURL:
            "the history URL holds a password; put it in ~/.pgpass (chmod 600) or PGPASSWORD; a password on the command "
                + "line is visible to every user in `ps`"
        case .badPort(let text):
            "the history URL's port '\(UntrustedText.escaped(text))' is not a number from 1 to 65535"
        case .badSSLMode(let text):
            "the history URL's sslmode '\(UntrustedText.escaped(text))' is not one of \(PostgresSSLMode.names)"
        case .unknownParameter(let name):
            "the history URL's parameter '\(UntrustedText.escaped(name))' is not known; use "
                + PostgresLocation.parameters.joined(separator: ", ")
        case .badEncoding(let text):
            "the history URL's '\(UntrustedText.escaped(text))' is not valid percent-encoded UTF-8"
        case .noUser:
            "no database user: give one in the URL (postgresql://user@host/db) or set PGUSER"
        case .badVariable(let name, let value):
            "\(name)='\(UntrustedText.escaped(value))' is not "
                + (name == "PGPORT" ? "a port from 1 to 65535" : "one of \(PostgresSSLMode.names)")
                + "; fix it, unset it, or give the URL's own " + (name == "PGPORT" ? "`host:PORT`" : "`?sslmode=`") + ", which wins"
        }
    }
}
