import GripFitCore

/// Another descriptor for the session's poll loop, such as a udev monitor that reports the
/// dongle coming and going.
public protocol LinkEventSource: AnyObject {
    var fileDescriptor: Int32 { get }
    /// Called when the descriptor is readable; returns what it means for the session.
    func readInputs() -> [LinkInput]
}
