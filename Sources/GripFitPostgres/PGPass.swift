import Foundation

/// The password for a connection, found as libpq finds it: `PGPASSWORD` first (when not empty),
/// else the first matching line of `$PGPASSFILE` or `~/.pgpass`. Lines are
/// `hostname:port:database:username:password`; `*` matches anything in the first four fields;
/// `\:` and `\\` stand for `:` and `\`; lines starting with `#` are comments. A Unix socket
/// connection matches `localhost` (and its directory). A file group or others may read is ignored
/// with libpq's own warning, as is a file that is not a plain file.
public struct PGPass: Sendable {
    public var environment: [String: String]
    /// The user's home directory, where `.pgpass` is looked for when `PGPASSFILE` is unset.
    public var home: String?

    public init(environment: [String: String], home: String?) {
        self.environment = environment
        self.home = home
    }

    /// The home directory as libpq takes it: `HOME` when set, else the account's.
    public static func home(environment: [String: String]) -> String? {
        if let home = environment["HOME"], !home.isEmpty { return home }
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// The file looked in: `PGPASSFILE`, else `~/.pgpass`.
    public var file: String? {
        if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
        return home.map { $0 + "/.pgpass" }
    }

    /// The password for `location`, or nil for none (the server may need none: trust, peer).
    public func password(for location: PostgresLocation, warn: (String) -> Void) -> String? {
        if let password = environment["PGPASSWORD"], !password.isEmpty { return password }
        guard let file, let text = Self.readable(file, warn: warn) else { return nil }
        return Self.password(in: text, for: location)
    }

    /// The first line of a pgpass file matching `location`.
    public static func password(in text: String, for location: PostgresLocation) -> String? {
        let hosts = location.isUnixSocket ? ["localhost", location.host] : [location.host]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(line)
            guard fields.count == 5 else { continue }
            func matches(_ field: Field, _ values: [String]) -> Bool { field.isWildcard || values.contains(field.text) }
            if matches(fields[0], hosts), matches(fields[1], [String(location.port)]), matches(fields[2], [location.database]),
                matches(fields[3], [location.user])
            {
                return fields[4].text
            }
        }
        return nil
    }

    /// One field of a line, its escapes undone; only a bare `*` is a wildcard (`\*` is a star).
    private struct Field {
        var text = ""
        var isWildcard = false
    }

    /// A line's fields; the password is the fifth, ending at an unescaped `:` as in libpq.
    private static func fields(_ line: Substring) -> [Field] {
        var fields: [Field] = []
        var field = Field()
        var raw = ""
        var escaped = false
        for character in line {
            if escaped {
                field.text.append(character)
                raw.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                raw.append(character)
            } else if character == ":" {
                field.isWildcard = raw == "*"
                fields.append(field)
                (field, raw) = (Field(), "")
                if fields.count == 5 { return fields }
            } else {
                field.text.append(character)
                raw.append(character)
            }
        }
        field.isWildcard = raw == "*"
        fields.append(field)
        return fields
    }

    /// The file's text when it may be used: a plain file no one but its owner can read.
    private static func readable(_ path: String, warn: (String) -> Void) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else {
            warn("WARNING: password file \"\(path)\" is not a plain file")
            return nil
        }
        guard status.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
            warn("WARNING: password file \"\(path)\" has group or world access; permissions should be u=rw (0600) or less")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
