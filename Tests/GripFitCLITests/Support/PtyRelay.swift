import Foundation
import Glibc

/// Bytes both ways between an emulated port's pty master (what the command under test opened) and
/// another terminal (a fake device's), on a thread of its own, until the command closes the port;
/// then the line speed the command left and the close reach the device, as a USB cable carries
/// the line coding and DTR (the native bridge takes 1200 baud then a close as the bootloader touch).
final class PtyRelay {
    private let thread: Thread
    private let done = DispatchSemaphore(value: 0)

    /// Starts relaying: call it once the command has the port open (before that, the master reports a hang-up).
    init(_ port: Int32, _ device: Int32) {
        let done = done
        thread = Thread {
            Self.relay(port, device)
            Self.copySpeed(from: port, to: device)
            close(device)
            done.signal()
        }
        thread.start()
    }

    /// Returns once the command has closed the port and the relay has ended.
    func wait() {
        done.wait()
    }

    private static func copySpeed(from port: Int32, to device: Int32) {
        var line = termios()
        var settings = termios()
        guard tcgetattr(port, &line) == 0, tcgetattr(device, &settings) == 0 else { return }
        cfsetispeed(&settings, cfgetospeed(&line))
        cfsetospeed(&settings, cfgetospeed(&line))
        tcsetattr(device, TCSANOW, &settings)
    }

    private static func relay(_ port: Int32, _ device: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [pollfd(fd: port, events: Int16(POLLIN), revents: 0), pollfd(fd: device, events: Int16(POLLIN), revents: 0)]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            for (index, (from, to)) in [(port, device), (device, port)].enumerated() where descriptors[index].revents & Int16(POLLIN) != 0 {
                let count = read(from, &buffer, buffer.count)
                guard count > 0 else { return }
                var sent = 0
                while sent < count {
                    let written = buffer.withUnsafeBytes { write(to, $0.baseAddress! + sent, count - sent) }
                    guard written > 0 else { return }
                    sent += written
                }
            }
            // A hang-up with nothing left to read: the command closed the port, or the device went.
            if descriptors.contains(where: { $0.revents & Int16(POLLHUP | POLLERR) != 0 && $0.revents & Int16(POLLIN) == 0 }) {
                return
            }
        }
    }
}
