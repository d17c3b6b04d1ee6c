import Glibc
import GripFitOutput

/// A libudev call that failed, with its errno and what to do about it.
public enum UdevError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `udev_new` failed: without libudev the tool cannot find or follow the dongle by itself.
    case unavailable(errno: Int32)
    case call(String, errno: Int32)

    public var description: String {
        switch self {
        case .unavailable(let code):
            "libudev unavailable: udev_new failed: \(ErrnoText(code)). "
                + "Install libudev1 (`sudo apt-get install libudev1`), or pass the port path with --port."
        case .call(let call, let code):
            "libudev: \(call) failed: \(ErrnoText(code)). "
                + "Is /sys mounted? Pass the port path with --port to skip discovery."
        }
    }
}
