import Foundation
import Glibc
import Synchronization

/// A throwaway PostgreSQL cluster from Debian's `postgresql` package for the tests: its own directory
/// (private, 0700), a random free port on 127.0.0.1 and a Unix socket in that directory, user `gripfit`
/// with a random password over TCP (scram-sha-256) and trust on the socket, `fsync=off`.
///
/// initdb refuses root: as root the cluster runs as user `postgres` (`runuser`), its directory chowned
/// to it. The cluster is stopped and its directory removed when the process exits, or, however the process
/// ends, by a ``ClusterWatchdog``: a crashed or killed test run leaves no server behind.
public final class TestPostgres: Sendable {
    /// Where `make test` installs PostgreSQL and sets this, so a missing one fails instead of skipping.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["GRIPFIT_REQUIRE_POSTGRES"] == "1" }

    /// Whether the PostgreSQL tests run: PostgreSQL is installed, or required (then a missing one fails them).
    public static var isUsable: Bool { isRequired || (try? installedBinaries()) != nil }

    public static let skipReason = "needs PostgreSQL (apt-get install postgresql): run `make test`"

    /// The TCP port on 127.0.0.1, kept across ``stop()`` and ``start()``.
    public var port: Int { chosenPort.withLock { $0 } }
    /// PostgreSQL cannot listen on port 0 and say which it took: a port is picked, and picked again
    /// if another process took it before the server bound it (see ``init()``).
    private let chosenPort = Mutex(0)
    /// The cluster's directory: `data`, the socket, `log`.
    public let directory: String
    /// `gripfit`'s password, for `PGPASSWORD`.
    public let password: String
    /// The server's `bin` directory (initdb, pg_ctl, psql).
    public let binaries: String
    /// `runuser -u postgres --` as root, else nothing.
    private let asServerUser: [String]
    /// `postgres`'s ids as root, else nil.
    private let serverUser: (uid: uid_t, gid: gid_t)?
    private let watchdog: ClusterWatchdog
    private let databases = Mutex(0)

    /// The cluster shared by every test of this process, made on first use; nil (skip) when PostgreSQL is not
    /// installed, unless ``isRequired``.
    public static func shared() throws -> TestPostgres? {
        try sharedCluster.get()
    }

    /// A cluster of its own, for a test that stops and restarts the server; stopped and removed when released.
    public static func dedicated() throws -> TestPostgres? {
        guard let binaries = try installedBinaries() else { return nil }
        return try TestPostgres(binaries: binaries)
    }

    private static let sharedCluster = Result<TestPostgres?, Error> {
        guard let binaries = try installedBinaries() else { return nil }
        let cluster = try TestPostgres(binaries: binaries)
        stoppedAtExit.withLock { $0 = cluster.watchdog }
        atexit { TestPostgres.stoppedAtExit.withLock { $0?.release() } }
        return cluster
    }

    /// The shared cluster's watchdog. A static is never released: exit stops the server and waits for it,
    /// rather than leave that to the watchdog after the process is gone.
    private static let stoppedAtExit = Mutex<ClusterWatchdog?>(nil)

    /// The highest version's `bin` under /usr/lib/postgresql (Debian's layout; several may be installed).
    static func installedBinaries() throws -> String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap { name in Int(name).map { (version: $0, bin: "\(root)/\(name)/bin") } }
            .filter { FileManager.default.isExecutableFile(atPath: $0.bin + "/initdb") }
        if let highest = versions.max(by: { $0.version < $1.version }) { return highest.bin }
        if isRequired {
            throw TestPostgresError(message: "GRIPFIT_REQUIRE_POSTGRES=1 but no \(root)/*/bin/initdb: apt-get install postgresql")
        }
        return nil
    }

    private init(binaries: String) throws {
        self.binaries = binaries
        var template = Array((NSTemporaryDirectory() + "gripfit-postgres-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw TestPostgresError(message: "mkdtemp in \(NSTemporaryDirectory()): \(Subprocess.errnoText(errno))")
        }
        directory = String(cString: made)
        if geteuid() == 0 {
            guard let user = getpwnam("postgres") else {
                throw TestPostgresError(message: "tests run as root need user postgres for initdb: apt-get install postgresql")
            }
            guard chown(directory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw TestPostgresError(message: "chown postgres \(directory): \(Subprocess.errnoText(errno))")
            }
            serverUser = (user.pointee.pw_uid, user.pointee.pw_gid)
            asServerUser = ["/usr/sbin/runuser", "-u", "postgres", "--"]
        } else {
            serverUser = nil
            asServerUser = []
        }
        // Before anything else exists in the directory: from here on, the process's end removes it.
        watchdog = try ClusterWatchdog(directory: directory, pgCtl: asServerUser + [binaries + "/pg_ctl"])
        password = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try initialise()
        for attempt in 1... {
            let candidate = try Self.freePort()
            chosenPort.withLock { $0 = candidate }
            do {
                try start()
                break
            } catch let error as TestPostgresError where error.message.contains("could not bind") && attempt < 5 {
                continue
            }
        }
    }

    /// Makes the cluster: user `gripfit` with ``password`` (read from a file, never on a command line).
    private func initialise() throws {
        let passwordFile = directory + "/password"
        let fd = open(passwordFile, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TestPostgresError(message: "create \(passwordFile): \(Subprocess.errnoText(errno))") }
        defer { unlink(passwordFile) }
        let written = password.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
        let owned = serverUser.map { fchown(fd, $0.uid, $0.gid) == 0 } ?? true
        close(fd)
        guard written == password.utf8.count, owned else {
            throw TestPostgresError(message: "write \(passwordFile) for the server user: \(Subprocess.errnoText(errno))")
        }
        try runAsServerUser([
            binaries + "/initdb", "-D", directory + "/data", "-U", "gripfit", "--pwfile", passwordFile,
            "--auth-local=trust", "--auth-host=scram-sha-256", "--encoding=UTF8", "--no-locale", "--no-sync",
        ])
    }

    /// Starts the server and waits until it accepts connections (`pg_ctl start -w`).
    public func start() throws {
        let options = "-k '\(directory)' -h 127.0.0.1 -p \(port) -c fsync=off"
        do {
            try runAsServerUser([
                binaries + "/pg_ctl", "-D", directory + "/data", "-o", options, "-l", directory + "/log", "-w", "-t", "60", "start",
            ])
        } catch let error as TestPostgresError {
            let log = (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? ""
            throw TestPostgresError(message: "\(error.message)\nserver log \(directory)/log:\n\(log.suffix(2_000))")
        }
    }

    /// Stops the server (a fast shutdown: sessions are ended, as a server restarting would end them).
    public func stop() throws {
        try runAsServerUser([binaries + "/pg_ctl", "-D", directory + "/data", "-m", "fast", "-w", "stop"])
    }

    /// A new, empty database: its URL (no password in it) and the password for `PGPASSWORD`.
    public func freshDatabase() throws -> (url: String, password: String) {
        let name = databases.withLock { count in
            count += 1
            return "gripfit_test_\(count)"
        }
        _ = try psql("CREATE DATABASE \(name)")
        return ("postgresql://gripfit@127.0.0.1:\(port)/\(name)", password)
    }

    /// Runs SQL through psql on the socket and returns its unaligned, tuples-only output.
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Subprocess.run(
            [
                binaries + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", directory, "-p", String(port), "-U", "gripfit",
                "-d", database, "-c", sql,
            ],
            in: directory
        )
    }

    private func runAsServerUser(_ arguments: [String]) throws {
        try Subprocess.run(asServerUser + arguments, in: directory)
    }

    /// A TCP port nobody listens on now on 127.0.0.1: the kernel's pick for port 0. Not 5432: the package's own
    /// `main` cluster may hold that one. Freed before the server binds it, so ``init()`` tries again on a clash.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestPostgresError(message: "socket: \(Subprocess.errnoText(errno))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TestPostgresError(message: "bind 127.0.0.1:0 for a free port: \(Subprocess.errnoText(errno))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
