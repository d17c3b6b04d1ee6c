import Foundation
import Glibc
import GripFitRecords
import GripFitStore
import Testing

/// What a clinic and a CI rack hit: parallel recordings, a new history opened by several
/// processes, a history that cannot take the session, and permissions tightened too far.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct NothingLostTests {
    /// Every simulator has one address, so parallel runs often start in the same millisecond;
    /// each is a session of its own, and a fresh history is migrated once, never called damaged.
    @Test func parallelRecordingsAreAllKept() throws {
        for _ in 0..<3 {
            let cli = BuiltBinary()
            let runs = try (1...8).map { try cli.start(["record", "--simulate", "--duration", "1", "--label", "p\($0)"]) }
            for (process, out, err) in runs {
                cli.watchdog(process, seconds: 60)
                let result = cli.finish(process, out, err)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.hasPrefix("saved session"), "\(result.stdout)")
            }
            let labels = try cli.historyJSON().compactMap { $0["label"] as? String }
            #expect(labels.sorted() == (1...8).map { "p\($0)" }.sorted())
        }
    }

    /// Only processes race for the migration (threads of one process share SQLite's locks).
    @Test func aNewHistoryOpenedByManyProcessesAtOnceIsNotDamaged() throws {
        for _ in 0..<10 {
            let cli = BuiltBinary()
            let runs = try (0..<8).map { _ in try cli.start(["history", "--json"]) }
            for (process, out, err) in runs {
                cli.watchdog(process, seconds: 60)
                let result = cli.finish(process, out, err)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(!result.stderr.contains("damaged"), "\(result.stderr)")
            }
        }
    }

    /// `history` takes group and other access away and adds nothing: a read-only folder and file stay read-only.
    @Test func readingTheHistoryNeverAddsWrite() throws {
        let cli = BuiltBinary()
        // Created as the binary creates it: the folder 0700, the file 0600.
        _ = try SQLiteHistory(path: cli.historyPath)
        let folder = cli.dataHome + "/gripfit"
        chmod(folder + "/history.sqlite", 0o444)
        chmod(folder, 0o555)
        defer { chmod(folder, 0o700) }
        // In-process: the same opening as the binary's (aNewHistoryOpenedByManyProcessesAtOnceIsNotDamaged launches it).
        let result = cli.inProcess("history")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.mode(folder) == 0o500)
        #expect(Self.mode(folder + "/history.sqlite") == 0o400)
    }

    /// The full-disk and read-only tests below need a mount; where the run says it has one, a
    /// missing one is a failure, not a quiet skip.
    @Test func aTmpfsCanBeMountedWhereTheRunRequiresIt() {
        if Tmpfs.isRequired { #expect(Tmpfs.available, "GRIPFIT_REQUIRE_TMPFS=1 but mount -t tmpfs failed") }
    }

    @Test(.enabled(if: Tmpfs.available)) func recordRefusesAFullDiskBeforeTheFirstReading() throws {
        let cli = BuiltBinary()
        // Room for an empty history (its migrations and write-ahead log), far from the 1 MiB a recording needs.
        let disk = try Tmpfs(at: cli.dataHome, kilobytes: 320)
        _ = disk
        // In-process (issue 32): the check before the first reading is `record`'s own; the binary's
        // exit mapping is InProcessCommand's.
        let result = cli.runInProcess("record", "--simulate", "--duration", "30")
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("KiB free"), "\(result.stderr)")
        #expect(!result.stderr.contains("no calibration for this device"), "a reading arrived: \(result.stderr)")
    }

    /// With a few KiB free SQLite cannot grow its WAL index and says "disk I/O error" (issue 38):
    /// the message says what it is, for `record` and for a command that only reads.
    @Test(.enabled(if: Tmpfs.available)) func aDiskWithAFewKiBFreeIsSaidToBeFull() throws {
        let cli = BuiltBinary()
        let disk = try Tmpfs(at: cli.dataHome, kilobytes: 1024)
        _ = try SQLiteHistory(path: cli.historyPath)
        try disk.fill(leavingKilobytes: 12)
        for arguments in [["record", "--simulate", "--duration", "1"], ["history"]] {
            let result = cli.runInProcess(arguments)
            #expect(result.status == 73, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(cli.historyPath + ": the disk is full ("), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("free some space"), "\(arguments): \(result.stderr)")
        }
    }

    @Test(.enabled(if: Tmpfs.available)) func recordRefusesAReadOnlyHistoryBeforeTheFirstReading() throws {
        let cli = BuiltBinary()
        let disk = try Tmpfs(at: cli.dataHome, kilobytes: 4096)
        _ = try SQLiteHistory(path: cli.historyPath)
        try disk.remountReadOnly()
        let result = cli.runInProcess("record", "--simulate", "--duration", "30")
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("history.sqlite"), "\(result.stderr)")
        #expect(!result.stderr.contains("no calibration for this device"), "a reading arrived: \(result.stderr)")
    }

    @Test(.enabled(if: Tmpfs.available)) func calibrateRefusesAReadOnlyConfigBeforeTheFirstStep() throws {
        let cli = BuiltBinary()
        let disk = try Tmpfs(at: cli.configHome, kilobytes: 512)
        try disk.remountReadOnly()
        let result = cli.runInProcess("calibrate", "--simulate", "--mass", "5kg")
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains(cli.configHome), "\(result.stderr)")
        #expect(!result.stdout.contains("Step 1/2"), "\(result.stdout)")
    }

    /// The disk fills up while the squeeze is recorded: the session goes to a rescue file the
    /// message names, and `import` brings it into the history once there is room again.
    @Test(.enabled(if: Tmpfs.available)) func aFailedSaveLeavesARescueFileThatImports() throws {
        let cli = BuiltBinary()
        var disk: Tmpfs? = try Tmpfs(at: cli.dataHome, kilobytes: 2048)
        _ = try SQLiteHistory(path: cli.historyPath)
        let (process, out, err) = try CLIProcess.spawn(
            CLIProcess.binary,
            ["record", "--simulate", "--duration", "3", "--label", "rescued"],
            environment: cli.environment,
            directory: URL(fileURLWithPath: cli.home)
        )
        cli.watchdog(process, seconds: 60)
        // The first reading has arrived (the notice is printed with it): the disk fills mid-recording.
        var early = ""
        while !early.contains("no calibration for this device") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            early += String(decoding: chunk, as: UTF8.self)
        }
        try disk?.fill()
        let result = cli.finish(process, out, err)
        #expect(result.status == 73, "\(early + result.stderr)")
        let path = try #require(
            result.stderr.split(separator: " ").first { $0.contains("gripfit-rescue-") }.map { String($0) },
            "\(result.stderr)"
        )
        #expect(path.hasPrefix(cli.home + "/"), "\(path)")
        disk = nil
        let imported = try cli.run("import", path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported 1 session"), "\(imported.stdout)")
        #expect(try cli.historyJSON().first?["label"] as? String == "rescued")
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }
}
