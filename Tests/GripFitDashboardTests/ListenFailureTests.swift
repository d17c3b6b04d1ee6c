import Glibc
import GripFitDashboard
import NIOCore
import Testing

/// `--listen` failures name the address and the fix, not the socket call that failed.
@Suite struct ListenFailureTests {
    let listen = ListenAddress(host: "127.0.0.1", port: 8642)

    @Test func aPortInUseNamesTheAddressAndAnotherPort() {
        let failure = ListenFailure(IOError(errnoCode: EADDRINUSE, reason: "bind(descriptor:ptr:bytes:)"), listen: listen)
        #expect(failure.kind == .inUse)
        #expect(failure.message.hasPrefix("127.0.0.1:8642 is already in use"))
        #expect(failure.message.contains("--listen 127.0.0.1:8643") && failure.message.contains("--listen 127.0.0.1:0"))
        #expect(!failure.message.contains("bind") && !failure.message.contains("errno"), "\(failure.message)")
    }

    @Test func otherFailuresSayWhoMustAct() {
        let unavailable = IOError(errnoCode: EADDRNOTAVAIL, reason: "bind")
        #expect(ListenFailure(unavailable, listen: ListenAddress(host: "10.9.9.9", port: 80)).kind == .notHere)
        let low = ListenFailure(IOError(errnoCode: EACCES, reason: "bind"), listen: ListenAddress(host: "0.0.0.0", port: 80))
        #expect(low.kind == .permission && low.message.contains("--listen 0.0.0.0:8642"))
        let other = ListenFailure(IOError(errnoCode: EMFILE, reason: "socket"), listen: listen)
        #expect(other.kind == .other && other.message.contains("Too many open files") && !other.message.contains("socket"))
    }
}
