import Foundation
import Glibc
import ScratchSupport
import Testing

/// Issue 38, item 8: a history this user may read but not write (a read-only folder, a read-only
/// mount) is listed, shown and exported as it is, never "attempt to write a readonly database".
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct ReadOnlyHistoryTests {
    /// The folder 0555 and the file 0644, read by a user who may not write them: nobody (as root,
    /// who ignores modes), else the owner of a 0500 folder.
    @Test func aHistoryInAReadOnlyFolderIsRead() throws {
        let cli = BuiltBinary()
        let recorded = cli.runInProcess("record", "--simulate", "--duration", "1", "--label", "kept")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let folder = cli.dataHome + "/gripfit"
        let prefix: [String]
        if getuid() == 0 {
            for path in [cli.home, cli.dataHome] { chmod(path, 0o755) }
            chmod(cli.historyPath, 0o644)
            chmod(folder, 0o555)
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        } else {
            chmod(folder, 0o500)
            prefix = []
        }
        defer { chmod(folder, 0o700) }
        try Self.expectReadable(cli, history: cli.historyPath, prefix: prefix)
        #expect(!FileManager.default.fileExists(atPath: cli.historyPath + "-shm"))
    }

    @Test(.enabled(if: Tmpfs.available)) func aHistoryOnAReadOnlyMountIsRead() throws {
        let cli = BuiltBinary()
        let mount = Scratch.directory("gripfit-readonly-mount")
        let disk = try Tmpfs(at: mount, kilobytes: 4096)
        let history = mount + "/history.sqlite"
        let recorded = cli.runInProcess("record", "--simulate", "--duration", "1", "--label", "kept", "--history", history)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        try disk.remountReadOnly()
        try Self.expectReadable(cli, history: history, prefix: [])
    }

    /// `history`, `show 1` and `export --all` each exit 0 with the one session labelled "kept":
    /// through the binary as another user (`prefix`), else in-process (the same opening of the history).
    private static func expectReadable(_ cli: BuiltBinary, history: String, prefix: [String]) throws {
        var environment = cli.environment
        environment["GRIPFIT_HISTORY"] = "sqlite:" + history
        for arguments in [["history", "--json"], ["show", "1"], ["export", "--all"]] {
            let result: BuiltBinary.Result
            if prefix.isEmpty {
                result = cli.runInProcess(arguments, extra: ["GRIPFIT_HISTORY": "sqlite:" + history])
            } else {
                let (process, out, err) = try CLIProcess.start(arguments, prefix: prefix, environment: environment)
                cli.watchdog(process, seconds: 60)
                result = cli.finish(process, out, err)
            }
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("kept"), "\(arguments): \(result.stdout)")
        }
    }
}
