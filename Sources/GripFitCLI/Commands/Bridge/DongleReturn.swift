import Glibc
import GripFitLinux
import GripFitOutput

/// Finds a dongle again after it re-enumerates, into its bootloader after the 1200-baud touch and
/// back as the bridge after the update, by its USB serial number through udev rather than by
/// guessing ttyACM names (as arduino-cli finds a board again after an upload). The monitor listens
/// from before the dongle is told to restart, so its events cannot be missed.
final class DongleReturn {
    /// The dongle as udev described it before it restarted.
    let dongle: UsbSerialPort
    private let monitor: UdevMonitor

    init(following dongle: UsbSerialPort, context: UdevContext) throws(UdevError) {
        self.dongle = dongle
        monitor = try UdevMonitor(context: context)
    }

    /// The dongle's next appearance (a tty with its serial number added); nil once `timeout` has
    /// passed without one.
    func nextAppearance(within timeout: Duration) throws -> UsbSerialPort? {
        let deadline = ContinuousClock.now + timeout
        while true {
            for case .added(let port) in monitor.receive() where UdevMonitor.isSameDongle(port, dongle) {
                return port
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var descriptor = pollfd(fd: monitor.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            if poll(&descriptor, 1, milliseconds) < 0 {
                let code = errno
                guard code != EINTR else { continue }
                throw CLIFailure(
                    "Waiting for the dongle with USB serial number \(dongle.serial ?? dongle.devnode) to come back failed: "
                        + "poll on the udev monitor: \(ErrnoText(code).message).",
                    status: .ioError
                )
            }
        }
    }
}
