import GripFitDashboard
import Testing

@Suite struct ListenAddressTests {
    @Test func parsesHostsAndPorts() {
        #expect(ListenAddress("127.0.0.1:8642") == ListenAddress(host: "127.0.0.1", port: 8642))
        #expect(ListenAddress("0.0.0.0:0") == ListenAddress(host: "0.0.0.0", port: 0))
        #expect(ListenAddress("[::1]:80") == ListenAddress(host: "::1", port: 80))
        #expect(ListenAddress("[::1]:80")?.description == "[::1]:80")
        for bad in ["", "8642", "host:", ":80", "host:65536", "host:-1", "::1:80", "a b:80"] {
            #expect(ListenAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func knowsLoopback() {
        #expect(ListenAddress("127.0.0.1:1")?.isLoopback == true)
        #expect(ListenAddress("127.1.2.3:1")?.isLoopback == true)
        #expect(ListenAddress("localhost:1")?.isLoopback == true)
        #expect(ListenAddress("[::1]:1")?.isLoopback == true)
        #expect(ListenAddress("0.0.0.0:1")?.isLoopback == false)
        #expect(ListenAddress("192.168.1.5:1")?.isLoopback == false)
        #expect(ListenAddress("127.evil.example:1")?.isLoopback == false)
    }
}
