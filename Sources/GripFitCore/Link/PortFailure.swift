/// What the OS said about the serial port, as the link machine needs to know it.
public enum PortFailure: Equatable, Sendable {
    case missing
    case permissionDenied
    case busy
    /// The port vanished while open (EIO, ENXIO, end of file): the dongle was unplugged.
    case removed

    var errorKind: LinkErrorKind {
        switch self {
        case .missing, .removed: .dongleMissing
        case .permissionDenied: .permissionDenied
        case .busy: .portBusy
        }
    }
}
