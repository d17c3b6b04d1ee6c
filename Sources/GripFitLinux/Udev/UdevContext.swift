import CUdev
import Glibc

/// One libudev context, shared by the enumerator and the monitor that work with it.
///
/// Not thread-safe, like libudev itself: use it from the thread that runs the session.
public final class UdevContext {
    let handle: OpaquePointer

    /// The corresponding C function is `udev_new`.
    public init() throws(UdevError) {
        errno = 0
        guard let handle = udev_new() else { throw .unavailable(errno: errno == 0 ? ENOMEM : errno) }
        self.handle = handle
    }

    deinit {
        udev_unref(handle)
    }
}
