import Testing

@testable import GripFitNetworkPort

@Suite struct NetworkPortAddressTests {
    @Test func parsesBothSchemesAndIPv6() throws {
        #expect(
            try NetworkPortAddress(parsing: "rfc2217://127.0.0.1:4002")
                == NetworkPortAddress(scheme: .rfc2217, host: "127.0.0.1", port: 4002)
        )
        #expect(
            try NetworkPortAddress(parsing: "TCP://exporter.lab:4001/")
                == NetworkPortAddress(scheme: .tcp, host: "exporter.lab", port: 4001)
        )
        // pyserial's raw TCP.
        #expect(
            try NetworkPortAddress(parsing: "socket://exporter.lab:4001")
                == NetworkPortAddress(scheme: .socket, host: "exporter.lab", port: 4001)
        )
        #expect(NetworkPortAddress.Scheme.socket.isTelnet == false)
        let v6 = try NetworkPortAddress(parsing: "tcp://[::1]:4001")
        #expect(v6.host == "::1")
        #expect(v6.description == "tcp://[::1]:4001")
    }

    @Test func refusesWhatIsNotAHostAndPort() {
        #expect(throws: NetworkPortAddressError.unknownScheme("telnet://h:1")) { try NetworkPortAddress(parsing: "telnet://h:1") }
        #expect(throws: NetworkPortAddressError.missingPort("tcp://host")) { try NetworkPortAddress(parsing: "tcp://host") }
        #expect(throws: NetworkPortAddressError.missingPort("tcp://host:0")) { try NetworkPortAddress(parsing: "tcp://host:0") }
        #expect(throws: NetworkPortAddressError.missingPort("tcp://host:70000")) { try NetworkPortAddress(parsing: "tcp://host:70000") }
        #expect(throws: NetworkPortAddressError.badHost("tcp://:4001")) { try NetworkPortAddress(parsing: "tcp://:4001") }
        // pyserial's options are named as the problem, not taken for a missing port.
        #expect(throws: NetworkPortAddressError.options("rfc2217://h:1?logging=debug", "?logging=debug")) {
            try NetworkPortAddress(parsing: "rfc2217://h:1?logging=debug")
        }
        #expect(NetworkPortAddress.isNetwork("/dev/ttyACM0") == false)
        #expect(NetworkPortAddress.isNetwork("rfc2217://h:1"))
    }
}
