import Glibc

/// Where a shared history lives: `postgresql://[user@]host[:port][/dbname][?param=value&...]`
/// (or `postgres://`, the scheme in any case), read as libpq reads it, so the URL a user tests with `psql` works here.
/// `?host=/dir` names a Unix socket directory. Missing parts default as libpq's do: from
/// `PGHOST`, `PGPORT`, `PGDATABASE`, `PGUSER`, `PGSSLMODE` and `PGSSLROOTCERT` when set, else the
/// socket directory, port 5432, the user's name, the login user and sslmode `prefer`.
/// A password is refused: it belongs in `~/.pgpass` or `PGPASSWORD`, never in `ps`.
public struct PostgresLocation: Equatable, Sendable, CustomStringConvertible {
    /// A host name or address, or a Unix socket directory (starting with `/`).
    public var host: String
    public var port: Int
    public var user: String
    public var database: String
    public var sslMode: PostgresSSLMode
    /// The CA certificates for verify-ca / verify-full (libpq's `sslrootcert`); nil for the system's.
    public var rootCertificate: String?

    /// The query parameters understood.
    public static let parameters = ["host", "port", "dbname", "user", "sslmode", "sslrootcert"]

    /// Debian's libpq: where its server puts the socket when the URL names no host.
    static let defaultSocketDirectory = "/var/run/postgresql"

    public var isUnixSocket: Bool { host.hasPrefix("/") }

    /// The socket file in ``host`` for ``port``, as the server names it.
    public var socketPath: String { "\(host)/.s.PGSQL.\(port)" }

    /// Whether `text` is meant as a server URL at all (so a caller can tell it from a file path).
    public static func isPostgres(_ text: String) -> Bool {
        afterScheme(text) != nil
    }

    /// The text after `postgresql://` or `postgres://`, matched in any case (RFC 3986: a scheme is
    /// case-insensitive, and ``HistoryLocation`` takes it so); nil for anything else.
    private static func afterScheme(_ text: String) -> Substring? {
        ["postgresql://", "postgres://"].lazy.compactMap { scheme in
            text.prefix(scheme.count).lowercased() == scheme ? text.dropFirst(scheme.count) : nil
        }.first
    }

    public init(_ text: String, environment: [String: String]) throws(PostgresLocationError) {
        guard let rest = Self.afterScheme(text) else { throw .notPostgres }
        let (beforeQuery, query) = Self.split(rest, at: "?")
        let (authority, path) = Self.split(beforeQuery, at: "/")
        var user: String?
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            if userInfo.contains(":") { throw .passwordInURL }
            user = try Self.decoded(userInfo)
            hostPort = authority[authority.index(after: at)...]
        }
        var host: String?
        var portText: Substring?
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let after = hostPort[hostPort.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw .badPort(String(after)) }
        } else {
            let (name, port) = Self.split(hostPort, at: ":")
            host = try Self.decoded(name)
            portText = port
        }
        var database = try path.map(Self.decoded)
        var sslMode = PostgresSSLMode.prefer
        var sslModeGiven = false
        var rootCertificate: String?
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let (rawName, rawValue) = Self.split(pair, at: "=")
            let name = try Self.decoded(rawName)
            let value = try Self.decoded(rawValue ?? "")
            switch name {
            case "host": host = value
            case "port": portText = Substring(value)
            case "dbname": database = value
            case "user": user = value
            case "password": throw .passwordInURL
            case "sslmode":
                guard let mode = PostgresSSLMode(rawValue: value) else { throw .badSSLMode(value) }
                sslMode = mode
                sslModeGiven = true
            case "sslrootcert": rootCertificate = value
            default: throw .unknownParameter(name)
            }
        }
        // What the URL leaves out, libpq takes from its environment variables (an empty one is unset).
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let resolvedUser = [user, variable("PGUSER"), Self.loginUser()].lazy.compactMap({ $0 }).first(where: { !$0.isEmpty })
        else { throw .noUser }
        self.user = resolvedUser
        self.host = host.flatMap { $0.isEmpty ? nil : $0 } ?? variable("PGHOST") ?? Self.defaultSocketDirectory
        if portText?.isEmpty ?? true, let fromEnvironment = variable("PGPORT") {
            guard let port = try? Self.port(Substring(fromEnvironment)) else { throw .badVariable("PGPORT", fromEnvironment) }
            self.port = port
        } else {
            self.port = try Self.port(portText)
        }
        self.database = database.flatMap { $0.isEmpty ? nil : $0 } ?? variable("PGDATABASE") ?? resolvedUser
        if !sslModeGiven, let fromEnvironment = variable("PGSSLMODE") {
            guard let mode = PostgresSSLMode(rawValue: fromEnvironment) else { throw .badVariable("PGSSLMODE", fromEnvironment) }
            sslMode = mode
        }
        self.sslMode = sslMode
        self.rootCertificate = rootCertificate ?? variable("PGSSLROOTCERT")
    }

    /// The URL without a password (there never is one), for messages and `pg_isready -d`.
    public var description: String {
        let user = Self.encoded(user)
        let database = Self.encoded(database)
        var parameters: [String] = []
        let authority: String
        if isUnixSocket {
            authority = "\(user)@"
            parameters.append("host=\(Self.encoded(host))")
            if port != 5432 { parameters.append("port=\(port)") }
        } else {
            let name = host.contains(":") ? "[\(host)]" : Self.encoded(host)
            authority = "\(user)@\(name)\(port == 5432 ? "" : ":\(port)")"
        }
        if sslMode != .prefer { parameters.append("sslmode=\(sslMode.rawValue)") }
        if let rootCertificate { parameters.append("sslrootcert=\(Self.encoded(rootCertificate))") }
        return "postgresql://\(authority)/\(database)" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    private static func port(_ text: Substring?) throws(PostgresLocationError) -> Int {
        guard let text, !text.isEmpty else { return 5432 }
        guard text.count <= 5, text.allSatisfy(\.isASCII), let port = Int(text), (1...65535).contains(port) else {
            throw .badPort(String(text))
        }
        return port
    }

    /// The part before the first `separator` and the rest after it (nil when there is none).
    private static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (text[..<index], text[text.index(after: index)...])
    }

    private static func decoded(_ text: Substring) throws(PostgresLocationError) -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let hex = utf8.prefix(2)
            guard hex.count == 2, let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) else {
                throw .badEncoding(String(text))
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .badEncoding(String(text)) }
        return decoded
    }

    /// Percent-encodes all but RFC 3986's unreserved characters and `/` (socket directories stay readable).
    private static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-._~/".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// The effective user's login name, as libpq takes it (not `$USER`, which any caller can set).
    private static func loginUser() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
