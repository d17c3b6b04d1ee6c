import Glibc
import GripFitCore

/// A USB CDC serial port over termios, opened the way libserialport and tio do.
///
/// Opening takes an exclusive lock (flock, then TIOCEXCL), switches to raw 115200 at once, and
/// remembers the original termios to restore on close. Never 1200 baud, except on purpose
/// (``restartIntoBootloader()``): on nRF52 boards the Adafruit core treats it as a request to jump
/// to the bootloader.
public final class SerialPort {
    public let path: String
    public let fileDescriptor: Int32
    private let system: SystemCalls
    private var original: termios
    private var isOpen = true

    public static let baudRate = speed_t(B115200)

    private init(path: String, fileDescriptor: Int32, original: termios, system: SystemCalls) {
        self.path = path
        self.fileDescriptor = fileDescriptor
        self.original = original
        self.system = system
    }

    deinit {
        close()
    }

    public static func open(path: String, system: SystemCalls = .live) throws(PortError) -> SerialPort {
        let fd = SystemCalls.retryingInterrupts {
            system.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        }
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENODEV, ENXIO: throw .notFound(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case EBUSY: throw .busy(path: path, holder: nil)
            // `--port /tmp`: a directory is no more a serial port than a file is.
            case EISDIR: throw .notATerminal(path: path)
            default: throw .system(path: path, call: "open", errno: code)
            }
        }
        do {
            return try configure(fd: fd, path: path, system: system)
        } catch {
            _ = system.close(fd)
            throw error
        }
    }

    private static func configure(fd: Int32, path: String, system: SystemCalls) throws(PortError) -> SerialPort {
        // flock first: unlike TIOCEXCL it also stops root, and it names the conflict clearly.
        // The gap between open and flock is the race libserialport documents; TIOCEXCL closes it
        // for later opens by non-root users.
        if SystemCalls.retryingInterrupts({ system.flock(fd, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            if code == EWOULDBLOCK { throw .busy(path: path, holder: PortHolder.describe(path: path)) }
            throw .system(path: path, call: "flock", errno: code)
        }
        // TIOCEXCL is advisory hardening only: emulated ports (umockdev) refuse the ioctl with
        // ENOTTY, and the flock above already guards the port.
        _ = system.setExclusive(fd)

        var original = termios()
        if SystemCalls.retryingInterrupts({ system.tcgetattr(fd, &original) }) != 0 {
            let code = errno
            if code == ENOTTY || code == EINVAL { throw .notATerminal(path: path) }
            throw .system(path: path, call: "tcgetattr", errno: code)
        }
        var raw = original
        cfmakeraw(&raw)
        raw.c_cflag |= tcflag_t(CLOCAL | CREAD | HUPCL)
        // VMIN 1, not 0: with VMIN 0 and VTIME 0 an empty non-blocking read returns 0, which is
        // indistinguishable from the end of file that signals an unplugged device. VMIN 1 gives EAGAIN.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard cfsetispeed(&raw, baudRate) == 0, cfsetospeed(&raw, baudRate) == 0 else {
            throw .system(path: path, call: "cfsetspeed", errno: errno)
        }
        if SystemCalls.retryingInterrupts({ system.tcsetattr(fd, &raw) }) != 0 {
            throw .system(path: path, call: "tcsetattr", errno: errno)
        }
        return SerialPort(path: path, fileDescriptor: fd, original: original, system: system)
    }

    /// Reads what is available without blocking; an empty result means "nothing yet".
    public func read(maximumCount: Int = 4096) throws(PortError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: maximumCount)
        let count = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(PortError) in try read(into: buffer) }
        }.get()
        return Array(bytes.prefix(count))
    }

    /// Reads what is available into `buffer` without blocking and returns the byte count; 0 means
    /// "nothing yet". The session reads this way into one buffer for its whole life.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(PortError) -> Int {
        let count = SystemCalls.retryingInterrupts { system.read(fileDescriptor, buffer) }
        if count > 0 { return count }
        if count == 0 { throw .removed(path: path) }
        let code = errno
        switch code {
        case EAGAIN: return 0
        case EIO, ENXIO, ENODEV: throw .removed(path: path)
        default: throw .system(path: path, call: "read", errno: code)
        }
    }

    /// Writes every byte, waiting in poll() while the port's buffer is full.
    public func write(_ bytes: [UInt8], timeout: Duration = .seconds(2)) throws(PortError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                SystemCalls.retryingInterrupts { system.write(fileDescriptor, buffer) }
            }
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            switch code {
            case EAGAIN:
                try waitWritable(timeout: timeout)
            case EIO, ENXIO, ENODEV:
                throw .removed(path: path)
            default:
                throw .system(path: path, call: "write", errno: code)
            }
        }
    }

    private func waitWritable(timeout: Duration) throws(PortError) {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(clamping: timeout.nanoseconds / 1_000_000)
        let ready = SystemCalls.retryingInterrupts { poll(&descriptor, 1, milliseconds) }
        if ready < 0 { throw .system(path: path, call: "poll", errno: errno) }
        if ready == 0 { throw .system(path: path, call: "write", errno: ETIMEDOUT) }
        if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { throw .removed(path: path) }
    }

    /// The "1200-baud touch" that `bridge update` sends a running bridge: the line set to 1200 baud,
    /// DTR dropped, and the port closed without restoring its speed. The Adafruit core restarts into
    /// its bootloader when DTR falls while the line is at 1200, then the dongle re-enumerates (as
    /// arduino-cli and adafruit-nrfutil's `--touch 1200` do it).
    public func restartIntoBootloader() throws(PortError) {
        guard isOpen else { throw .removed(path: path) }
        var settings = termios()
        if SystemCalls.retryingInterrupts({ system.tcgetattr(fileDescriptor, &settings) }) != 0 {
            throw .system(path: path, call: "tcgetattr", errno: errno)
        }
        guard cfsetispeed(&settings, speed_t(B1200)) == 0, cfsetospeed(&settings, speed_t(B1200)) == 0 else {
            throw .system(path: path, call: "cfsetspeed", errno: errno)
        }
        // HUPCL (set at open) drops DTR on the close below as well.
        settings.c_cflag |= tcflag_t(HUPCL)
        if SystemCalls.retryingInterrupts({ system.tcsetattr(fileDescriptor, &settings) }) != 0 {
            throw .system(path: path, call: "tcsetattr", errno: errno)
        }
        // Dropping DTR at once is what the core waits for; a pty or an emulated port refuses the
        // ioctl (ENOTTY), and the close's hang-up drops it anyway.
        var dtr = Int32(TIOCM_DTR)
        _ = ioctl(fileDescriptor, UInt(TIOCMBIC), &dtr)
        isOpen = false
        _ = system.close(fileDescriptor)
    }

    /// Restores the termios found at open and releases the port. Safe to call twice.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        // Fails harmlessly when the device is gone; nothing else can be done about it.
        _ = system.tcsetattr(fileDescriptor, &original)
        _ = system.close(fileDescriptor)
    }
}
