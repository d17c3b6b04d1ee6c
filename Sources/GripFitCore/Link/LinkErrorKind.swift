/// Why a session is not streaming, grouped by who must act.
public enum LinkErrorKind: String, Equatable, Sendable, CaseIterable {
    /// No dongle at the port, or it was unplugged.
    case dongleMissing
    /// The user may not open the port (udev rule, dialout group).
    case permissionDenied
    /// Another process holds the port.
    case portBusy
    /// No GripFit advertised within the 10 s scan window.
    case deviceNotFound
    /// The bridge found the GripFit but could not connect within 5 s.
    case connectionTimeout
    /// The peer has no Nordic UART Service.
    case deviceNotRecognized
    /// The device says its HX711 does not respond (`S:NOT_READY`): a hardware problem.
    case sensorNotReady
}
