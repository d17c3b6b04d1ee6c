/// Exit codes, from sysexits(3), so scripts and CI can tell "fix your command" from "try again".
enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// A check or a command ran and failed (e.g. `check` found a non-conformance).
    case failure = 1
    /// Bad command line: wrong arguments, an out-of-range rate.
    case usage = 64
    /// An import file or stored data that does not read; a calibration refused for unstable input.
    case dataError = 65
    /// A file to read is missing, or no such session.
    case noInput = 66
    /// No dongle, no GripFit, or the bridge cannot reach it.
    case unavailable = 69
    /// A bug in gripfit-serial.
    case software = 70
    /// The port failed while in use, or the hardware reported a fault.
    case ioError = 74
    /// The history database or calibration file cannot be created or written.
    case cannotCreate = 73
    /// Busy port, no reply in time: trying again later may work.
    case temporaryFailure = 75
    /// The user may not open the port.
    case noPermission = 77
    /// Ctrl-C (SIGINT) stopped the command before it could do its job: 128 + 2, as shells report it.
    case interrupted = 130
    /// SIGTERM stopped the command before it could do its job: 128 + 15.
    case terminated = 143
}
