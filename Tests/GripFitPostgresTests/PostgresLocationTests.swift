import Testing

@testable import GripFitPostgres

@Suite struct PostgresLocationTests {
    let environment = ["PGUSER": "station"]

    @Test func readsEveryPart() throws {
        let location = try PostgresLocation("postgresql://clinic@db.example:6543/grip?sslmode=verify-full", environment: environment)
        #expect(location.user == "clinic")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.database == "grip")
        #expect(location.sslMode == .verifyFull)
        #expect(location.description == "postgresql://clinic@db.example:6543/grip?sslmode=verify-full")
    }

    @Test func defaultsAsLibpq() throws {
        let location = try PostgresLocation("postgres://db.example", environment: environment)
        #expect(location.user == "station", "PGUSER when the URL names no user")
        #expect(location.port == 5432)
        #expect(location.database == "station", "the database is named after the user")
        #expect(location.sslMode == .prefer)
        #expect(location.description == "postgresql://station@db.example/station")
    }

    @Test func libpqsVariablesFillWhatTheURLLeavesOut() throws {
        let variables = [
            "PGUSER": "station", "PGHOST": "db.clinic", "PGPORT": "6432", "PGDATABASE": "gripfit", "PGSSLMODE": "verify-full",
            "PGSSLROOTCERT": "/etc/gripfit/ca.pem",
        ]
        let bare = try PostgresLocation("postgresql://", environment: variables)
        #expect(bare.host == "db.clinic")
        #expect(bare.port == 6432)
        #expect(bare.database == "gripfit")
        #expect(bare.sslMode == .verifyFull)
        #expect(bare.rootCertificate == "/etc/gripfit/ca.pem")
        #expect(bare.description == "postgresql://station@db.clinic:6432/gripfit?sslmode=verify-full&sslrootcert=/etc/gripfit/ca.pem")
        // The URL's own parts win, as in libpq.
        let named = try PostgresLocation(
            "postgresql://clinic@db.example:5433/grip?sslmode=require&sslrootcert=/ca.pem",
            environment: variables
        )
        #expect(named.description == "postgresql://clinic@db.example:5433/grip?sslmode=require&sslrootcert=/ca.pem")
        let socket = try PostgresLocation("postgresql:///grip?host=/run/pg", environment: variables)
        #expect(socket.socketPath == "/run/pg/.s.PGSQL.6432", "PGPORT also numbers a socket")
        // Empty variables are unset.
        let empty = try PostgresLocation("postgresql://db", environment: ["PGUSER": "station", "PGPORT": "", "PGSSLMODE": ""])
        #expect(empty.port == 5432)
        #expect(empty.sslMode == .prefer)
    }

    @Test func aVariableThatDoesNotReadIsNamedWithItsFix() {
        #expect(throws: PostgresLocationError.badVariable("PGPORT", "x")) {
            try PostgresLocation("postgresql://db/grip", environment: ["PGUSER": "u", "PGPORT": "x"])
        }
        #expect(throws: PostgresLocationError.badVariable("PGSSLMODE", "sometimes")) {
            try PostgresLocation("postgresql://db/grip", environment: ["PGUSER": "u", "PGSSLMODE": "sometimes"])
        }
        // The URL's own port and sslmode leave the variables unread.
        #expect(throws: Never.self) {
            let unread = ["PGUSER": "u", "PGPORT": "x", "PGSSLMODE": "sometimes"]
            return try PostgresLocation("postgresql://db:5432/grip?sslmode=disable", environment: unread)
        }
        let message = PostgresLocationError.badVariable("PGSSLMODE", "sometimes\u{1b}[2J").description
        #expect(message.contains("PGSSLMODE=") && message.contains("verify-full") && !message.contains("\u{1b}"))
    }

    @Test func unixSocketDirectoryFromHostParameter() throws {
        let location = try PostgresLocation("postgresql:///grip?host=/run/pg&port=55432", environment: environment)
        #expect(location.isUnixSocket)
        #expect(location.socketPath == "/run/pg/.s.PGSQL.55432")
        #expect(location.description == "postgresql://station@/grip?host=/run/pg&port=55432")
        let noHost = try PostgresLocation("postgresql:///grip", environment: environment)
        #expect(noHost.host == "/var/run/postgresql", "Debian's socket directory when no host is named")
    }

    @Test func percentEncodingAndIPv6() throws {
        let location = try PostgresLocation("postgresql://r%C3%A9my@[::1]:5433/grip%20db", environment: environment)
        #expect(location.user == "rémy")
        #expect(location.host == "::1")
        #expect(location.port == 5433)
        #expect(location.database == "grip db")
        #expect(location.description == "postgresql://r%C3%A9my@[::1]:5433/grip%20db")
    }

    @Test func refusesAPasswordWithTheFix() {
        for url in ["postgresql://clinic:secret@db/grip", "postgresql://db/grip?password=secret"] {
            #expect(throws: PostgresLocationError.passwordInURL) { try PostgresLocation(url, environment: environment) }
        }
        let message = PostgresLocationError.passwordInURL.description
        #expect(message.contains("~/.pgpass (chmod 600) or PGPASSWORD"))
        #expect(message.contains("visible to every user in `ps`"))
        #expect(!message.contains("secret"))
    }

    @Test func refusesBadParts() {
        #expect(throws: PostgresLocationError.notPostgres) { try PostgresLocation("mysql://db", environment: environment) }
        #expect(throws: PostgresLocationError.badPort("99999")) { try PostgresLocation("postgresql://db:99999", environment: environment) }
        #expect(throws: PostgresLocationError.badPort("x")) { try PostgresLocation("postgresql://db:x/grip", environment: environment) }
        #expect(throws: PostgresLocationError.badSSLMode("sometimes")) {
            try PostgresLocation("postgresql://db/grip?sslmode=sometimes", environment: environment)
        }
        #expect(throws: PostgresLocationError.unknownParameter("options")) {
            try PostgresLocation("postgresql://db/grip?options=-c", environment: environment)
        }
        #expect(throws: PostgresLocationError.badEncoding("a%zz")) {
            try PostgresLocation("postgresql://a%zz@db", environment: environment)
        }
        #expect(
            PostgresLocationError.badSSLMode("sometimes").description.contains("disable, allow, prefer, require, verify-ca, verify-full")
        )
    }

    /// libpq takes `allow` (plain first, TLS when the server refuses plain), from the URL and from PGSSLMODE.
    @Test func takesSSLModeAllow() throws {
        let location = try PostgresLocation("postgresql://db/grip?sslmode=allow", environment: environment)
        #expect(location.sslMode == .allow)
        #expect(location.description == "postgresql://station@db/grip?sslmode=allow")
        #expect(try PostgresLocation("postgresql://db/grip", environment: ["PGUSER": "s", "PGSSLMODE": "allow"]).sslMode == .allow)
    }

    /// A scheme is case-insensitive (RFC 3986), as ``HistoryLocation`` already took it.
    @Test func takesTheSchemeInAnyCase() throws {
        for text in ["POSTGRESQL://clinic@db/grip", "Postgres://clinic@db/grip", "postgreSQL://clinic@db/grip"] {
            let location = try PostgresLocation(text, environment: environment)
            #expect(location.description == "postgresql://clinic@db/grip")
            #expect(PostgresLocation.isPostgres(text))
        }
        #expect(!PostgresLocation.isPostgres("POSTGRESQL:/db"))
    }
}
