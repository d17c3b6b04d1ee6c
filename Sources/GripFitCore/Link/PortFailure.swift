/// What the OS said about the serial port, as the session machine needs to know it.
public enum PortFailure: Equatable, Sendable {
    case missing
    case permissionDenied
    case busy
    /// The port vanished while open (EIO, ENXIO, end of file): the dongle was unplugged.
    case removed

    var errorKind: SessionErrorKind {
        switch self {
        case .missing, .removed: .dongleMissing
        case .permissionDenied: .permissionDenied
        case .busy: .portBusy
        }
    }
}
