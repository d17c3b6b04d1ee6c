import Glibc
import GripFitCore
import GripFitLinux
import Testing

/// `monitor --commands -`'s input: lines read in the driver's poll loop as they come, end of file
/// seen at once (it ends this run, with no deadline reached), a last line without its newline kept.
@Suite struct LineInputTests {
    @Test func linesArriveInOrderAcrossWritesAndEndOfFileEndsTheRunAtOnce() throws {
        let pty = try PseudoTerminal()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let input = LineInput(fileDescriptor: ends[0], maximumLineLength: 8)
        func send(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, $0.count - 1) } }
        send("one\ntw")

        let driver = LinkDriver(portPath: pty.path)
        driver.eventSources = [input]
        var outputs: [LineFramer.Output] = []
        var endings: [SystemError?] = []
        input.onLine = { outputs.append($0) }
        input.onEnd = { failure in
            endings.append(failure)
            driver.stop()
        }
        let clock = MonotonicClock()
        let stop = try driver.run(until: clock.now() + .seconds(60)) { report, _ in
            if report == .state(.scanning) {
                send("o\nmuch too long\nthree")
                close(ends[1])
            }
            return true
        }
        #expect(stop == .handler)
        #expect(endings == [nil])
        #expect(input.fileDescriptor == -1)
        #expect(outputs.count == 4)
        #expect(Array(outputs.prefix(2)) == [.line("one"), .line("two")])
        if case .error(.lineTooLong(let head)) = outputs.dropFirst(2).first {
            #expect(String(decoding: head, as: UTF8.self).hasPrefix("much too"))
        } else {
            Issue.record("the long line is not reported as too long: \(outputs)")
        }
        #expect(outputs.last == .line("three"))
    }

    @Test func aFailedReadEndsTheInputWithItsErrno() throws {
        // A write-only descriptor cannot be read: EBADF, said once with the input's name.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let input = LineInput(fileDescriptor: ends[1], name: "stdin")
        var endings: [SystemError?] = []
        input.onEnd = { endings.append($0) }
        _ = input.readInputs()
        _ = input.readInputs()
        #expect(endings == [SystemError(call: "read(stdin)", errno: EBADF)])
    }
}
