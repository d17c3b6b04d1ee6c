import Glibc
import Testing

@testable import GripFitLinux

@Suite struct SerialPortTests {
    @Test func opensRawAt115200AndRestoresTheOriginalTermiosOnClose() throws {
        let pty = try PseudoTerminal()
        let probe = open(pty.path, O_RDWR | O_NOCTTY)
        defer { close(probe) }
        var before = termios()
        tcgetattr(probe, &before)
        #expect(before.c_lflag & tcflag_t(ICANON | ECHO) != 0, "a fresh pty starts cooked and echoing")

        let port = try SerialPort.open(path: pty.path)
        var during = termios()
        tcgetattr(probe, &during)
        #expect(during.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(during.c_oflag & tcflag_t(OPOST) == 0)
        #expect(cfgetospeed(&during) == speed_t(B115200))
        #expect(cfgetispeed(&during) == speed_t(B115200))

        port.close()
        var after = termios()
        tcgetattr(probe, &after)
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        #expect(cfgetospeed(&after) == cfgetospeed(&before))
    }

    @Test func bytesFlowBothWays() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort.open(path: pty.path)
        try port.write(Array("CMD:PING\n".utf8))
        #expect(pty.read() == "CMD:PING\n")
        #expect(try port.read().isEmpty, "nothing to read is not end of file")
        pty.write("S:PONG\n")
        var descriptor = pollfd(fd: port.fileDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 1000)
        #expect(String(decoding: try port.read(), as: UTF8.self) == "S:PONG\n")
    }

    @Test func aSecondOpenIsBusyAndSaysSo() throws {
        let pty = try PseudoTerminal()
        let first = try SerialPort.open(path: pty.path)
        defer { first.close() }
        #expect(throws: PortError.busy(path: pty.path, holder: nil)) { try SerialPort.open(path: pty.path) }
        #expect(PortError.busy(path: pty.path, holder: "PID 7 (minicom)").description.contains("held by PID 7 (minicom)"))
    }

    @Test func theDongleGoingAwayIsRemovedNotAnEmptyRead() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort.open(path: pty.path)
        pty.closeMaster()
        #expect(throws: PortError.removed(path: pty.path)) { try port.read() }
    }

    @Test func missingPathIsNotFound() {
        #expect(throws: PortError.notFound(path: "/dev/ttyGONE9")) { try SerialPort.open(path: "/dev/ttyGONE9") }
    }

    @Test func aFileThatIsNotATerminalIsRefused() {
        #expect(throws: PortError.notATerminal(path: "/dev/null")) { try SerialPort.open(path: "/dev/null") }
    }

    @Test(arguments: [EACCES, EPERM])
    func permissionDeniedNamesThePathAndTheFix(code: Int32) throws {
        var system = SystemCalls.live
        system.open = { _, _ in
            errno = code
            return -1
        }
        let error = #expect(throws: PortError.self) { try SerialPort.open(path: "/dev/ttyACM0", system: system) }
        #expect(error == .permissionDenied(path: "/dev/ttyACM0"))
        let message = error?.description ?? ""
        #expect(message.contains("/dev/ttyACM0"))
        #expect(message.contains("udev"))
        #expect(message.contains("dialout"))
    }

    @Test func interruptedCallsAreRetried() throws {
        let pty = try PseudoTerminal()
        var system = SystemCalls.live
        let interruptions = Counter(2)
        system.open = { path, flags in
            if interruptions.take() {
                errno = EINTR
                return -1
            }
            return Glibc.open(path, flags)
        }
        let port = try SerialPort.open(path: pty.path, system: system)
        port.close()
        #expect(interruptions.remaining == 0)
    }

    @Test func otherErrnosKeepTheCallAndTheNumber() {
        var system = SystemCalls.live
        system.open = { _, _ in
            errno = EMFILE
            return -1
        }
        let error = #expect(throws: PortError.self) { try SerialPort.open(path: "/dev/ttyACM0", system: system) }
        #expect(error == .system(path: "/dev/ttyACM0", call: "open", errno: EMFILE))
        #expect(error?.description.contains("errno \(EMFILE)") == true)
    }
}

/// Counts down from a start value; safe to share with the seam's @Sendable closures in a test.
final class Counter: @unchecked Sendable {
    private(set) var remaining: Int
    init(_ start: Int) { remaining = start }
    func take() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }
}
