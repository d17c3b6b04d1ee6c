import GripFitRecords
import GripFitStore

@testable import GripFitCLI

/// What `history`, `show`, `export`, `plot` or an HTML `report` would write and exit with, run in-process on the
/// history and calibrations of a ``BuiltBinary``'s environment by the command's own parse and work:
/// a test of the output's details needs no launch per look (issue 21), while each command keeps
/// tests through the binary. The process's time zone is used, so a test of `TZ` launches the binary;
/// `-o FILE` is not checked for writability before the history opens, as the binary checks it.
/// `--history` is honoured as the binary honours it (a server's too, with `extra`'s `PGPASSWORD`).
enum InProcessHistory {
    /// `columns` is the terminal width the table fits, as `COLUMNS` gives it to the binary; `extra`
    /// is added to the instance's environment.
    static func run(_ arguments: [String], in cli: BuiltBinary, columns: Int = 80, extra: [String: String] = [:]) -> CLIProcess.Result {
        let sink = CapturedOutput()
        do {
            let command = try GripFitSerial.parse(arguments)
            let station = Station(environment: cli.environment.merging(extra) { $1 })
            let option: HistoryOption
            switch command {
            case let history as History: option = history.historyOption
            case let show as Show: option = show.historyOption
            case let export as Export: option = export.historyOption
            case let plot as Plot: option = plot.historyOption
            case let report as ReportCommand where ReportFormat(path: report.output) != .pdf: option = report.historyOption
            default: return CLIProcess.Result(status: -1, stdout: "", stderr: "\(arguments) is not a command that reads the history")
            }
            let (store, damage) = try station.historyToRead(option)
            let calibrations = station.calibrations
            switch command {
            case let history as History:
                try history.list(store, damage: damage, calibrations: calibrations, width: columns, to: sink)
            case let show as Show:
                try show.show(store, damage: damage, calibrations: calibrations, width: columns, to: sink)
            case let export as Export:
                try export.export(store, damage: damage, station: station, to: sink)
            case let plot as Plot:
                try plot.plot(store, damage: damage, calibrations: calibrations, to: sink)
            case let report as ReportCommand:
                try PrivateFiles.checkWritable(report.output)
                try report.report(store, damage: damage, renderer: nil, to: sink, audit: station.audit(store))
            default:
                return CLIProcess.Result(status: -1, stdout: "", stderr: "\(arguments) is not a command that reads the history")
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
