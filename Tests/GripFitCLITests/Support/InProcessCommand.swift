@testable import GripFitCLI

/// What a command would write and exit with, run in-process on a ``BuiltBinary``'s files by the
/// binary's own parse, `run(station:to:)` and error mapping (issue 32):
/// - `record` (off a terminal), `calibrate`, `scan` and the one-shots `tare`, `ping`, `info` and
///   `rate` on a simulator in the test process;
/// - `list`, `bridge info` and `doctor` on a testbed's dongles (umockdev);
/// - `subject`'s add, list, show, edit and forget (with --yes), `import`, `history copy` and `sync`,
///   `audit`'s list, verify and export, `dashboard token`'s add, list and revoke, and `dashboard`'s
///   checks before it serves;
/// - `export`, `plot` and `report` (their destinations checked first, as the binary checks them; a
///   PDF printed by Chromium), `show` (audited), and `history` through ``InProcessHistory``.
/// Status -1 and a note on stderr for a command that does not run in-process (a dashboard that
/// passed its checks would serve): such a test launches the binary.
enum InProcessCommand {
    /// `extra` is added to the instance's environment (a server's `PGPASSWORD`, a declared user).
    static func run(_ arguments: [String], in cli: BuiltBinary, extra: [String: String] = [:]) -> CLIProcess.Result {
        let sink = CapturedOutput()
        let station = Station(environment: cli.environment.merging(extra) { $1 })
        do {
            switch try GripFitSerial.parse(arguments) {
            case let record as Record: try record.run(station: station, to: sink, terminal: false, columns: 80)
            case let calibrate as Calibrate: try calibrate.run(station: station, to: sink)
            case let tare as Tare: try tare.run(station: station, to: sink)
            case let add as SubjectAdd: try add.run(station: station, to: sink)
            case let list as SubjectList: try list.run(station: station, to: sink)
            case let show as SubjectShow: try show.run(station: station, to: sink)
            case let edit as SubjectEdit: try edit.run(station: station, to: sink)
            case let forget as SubjectForget: try forget.run(station: station, to: sink)
            case let file as Import: try file.run(station: station, to: sink, showsProgress: false)
            case let copy as HistoryCopy: try copy.run(station: station, to: sink, showsProgress: false)
            case let sync as HistorySync: try sync.run(station: station, to: sink)
            case let list as AuditList: try list.run(station: station, to: sink)
            case let verify as AuditVerify: try verify.run(station: station, to: sink)
            case let export as AuditExport: try export.run(station: station, to: sink)
            case let add as DashboardTokenAdd: try add.run(station: station, to: sink)
            case let list as DashboardTokenList: try list.run(station: station, to: sink)
            case let revoke as DashboardTokenRevoke: try revoke.run(station: station, to: sink)
            case let dashboard as Dashboard:
                _ = try dashboard.checked(station: station)
                return CLIProcess.Result(status: -1, stdout: sink.stdout, stderr: "\(arguments) passed its checks and would serve")
            case let ping as Ping: try ping.run(station: station, to: sink)
            case let info as Info: try info.run(station: station, to: sink)
            case let rate as Rate: try rate.run(station: station, to: sink)
            case let scan as Scan: try scan.run(station: station, to: sink)
            case let list as List: try list.run(to: sink)
            case let info as BridgeInfo: try info.run(to: sink)
            case let doctor as Doctor: try doctor.run(to: sink)
            case let export as Export: try export.run(station: station, to: sink)
            case let plot as Plot: try plot.run(station: station, to: sink)
            case let report as ReportCommand: try report.run(station: station, to: sink)
            case let show as Show: try show.run(station: station, to: sink, width: 80)
            case is History: return InProcessHistory.run(arguments, in: cli, extra: extra)
            default: return CLIProcess.Result(status: -1, stdout: "", stderr: "\(arguments) does not run in-process")
            }
            return CLIProcess.Result(status: 0, stdout: sink.stdout, stderr: sink.stderr)
        } catch {
            guard let failure = CLIFailure(error) else {
                let usage = InProcessParse.run(arguments)
                return CLIProcess.Result(status: usage.status, stdout: sink.stdout, stderr: sink.stderr + usage.stderr)
            }
            return CLIProcess.Result(
                status: failure.status.rawValue,
                stdout: sink.stdout,
                stderr: sink.stderr + "gripfit-serial: \(failure.message)\n"
            )
        }
    }
}
