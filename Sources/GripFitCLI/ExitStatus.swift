/// Exit codes, from sysexits(3), so scripts and CI can tell "fix your command" from "try again".
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// A check or a command ran and failed (e.g. `check` found a non-conformance).
    case failure = 1
    /// Bad command line: wrong arguments, an out-of-range rate.
    case usage = 64
    /// No dongle, no GripFit, or the bridge cannot reach it.
    case unavailable = 69
    /// A bug in gripfit-serial.
    case software = 70
    /// The port failed while in use, or the hardware reported a fault.
    case ioError = 74
    /// Busy port, no reply in time: trying again later may work.
    case temporaryFailure = 75
    /// The user may not open the port.
    case noPermission = 77
}
