import GripFitLinux
import Testing

@testable import GripFitNetworkPort

/// Why a server hung up, from what it sent first: the texts Debian's ser2net 4 sends.
@Suite struct TCPPortTests {
    static let path = "tcp://127.0.0.1:4001"

    @Test func aDeviceOpenFailureIsTheServersMissingDongleWithItsLine() {
        let greeting = Array("Device open failure: Value or file not found\r\n".utf8)
        let reason = TCPPort.reason(closing: greeting, path: Self.path)
        #expect(reason == .serverDeviceFailed(path: Self.path, said: "Device open failure: Value or file not found"))
        #expect(reason.isServerDeviceFailure)
        #expect(reason.portFailure == .missing)
        #expect(reason.description.contains("\"Device open failure: Value or file not found\""))
    }

    @Test func theServersTextIsEscapedInTheMessage() {
        let greeting = Array("Device open failure: \u{1B}]0;owned\u{07}\r\n".utf8)
        let reason = TCPPort.reason(closing: greeting, path: Self.path)
        #expect(!reason.description.contains("\u{1B}"))
        #expect(reason.description.contains("\\x1B]0;owned\\x07"))
    }

    @Test func aSecondClientIsBusyAndSilenceIsALostConnection() {
        #expect(TCPPort.reason(closing: Array("Port already in use\r\n".utf8), path: Self.path).portFailure == .busy)
        #expect(TCPPort.reason(closing: [], path: Self.path) == .connectionLost(path: Self.path))
        #expect(TCPPort.reason(closing: Array("R:12\n".utf8), path: Self.path) == .connectionLost(path: Self.path))
    }
}
