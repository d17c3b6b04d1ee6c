import Glibc

/// The names a browser on the LAN may use for this machine, for the self-signed certificate's subject
/// alternative names: its host name, `NAME.local` (mDNS, as Avahi announces it), its non-loopback
/// addresses, and the loopback ones (`localhost`, 127.0.0.1, ::1).
public struct HostNames: Sendable, Equatable {
    /// Host names, the first one the certificate's common name.
    public var dnsNames: [String]
    /// Addresses as text (`192.168.1.20`, `fd00::20`).
    public var addresses: [String]

    public init(dnsNames: [String], addresses: [String]) {
        self.dnsNames = dnsNames
        self.addresses = addresses
    }

    /// This machine's, read now: gethostname and getifaddrs. IPv6 link-local addresses are left out
    /// (a URL needs their interface, which a certificate cannot name).
    public static func current() -> HostNames {
        var dnsNames: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let short = name.split(separator: ".").first.map(String.init) ?? name
            if !short.isEmpty, short != "localhost" {
                dnsNames.append(name)
                if !name.hasSuffix(".local") { dnsNames.append(short + ".local") }
            }
        }
        var addresses: [String] = []
        var list: UnsafeMutablePointer<ifaddrs>?
        if getifaddrs(&list) == 0 {
            defer { freeifaddrs(list) }
            var entry = list
            while let current = entry?.pointee {
                entry = current.ifa_next
                if let text = Self.text(of: current.ifa_addr), !addresses.contains(text) { addresses.append(text) }
            }
        }
        addresses = addresses.filter { !$0.hasPrefix("127.") && $0 != "::1" && !$0.lowercased().hasPrefix("fe80:") }
        return HostNames(dnsNames: dnsNames + ["localhost"], addresses: addresses + ["127.0.0.1", "::1"])
    }

    /// The address of an IPv4 or IPv6 sockaddr as text; nil for any other family.
    private static func text(of address: UnsafeMutablePointer<sockaddr>?) -> String? {
        guard let address else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var inet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &inet, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        case AF_INET6:
            var inet6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &inet6, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        default:
            return nil
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address's bytes for an IP subject alternative name (4 or 16); nil for text that is not an address.
    static func bytes(of address: String) -> [UInt8]? {
        if address.contains(":") {
            var inet6 = in6_addr()
            guard inet_pton(AF_INET6, address, &inet6) == 1 else { return nil }
            return withUnsafeBytes(of: &inet6) { Array($0) }
        }
        var inet = in_addr()
        guard inet_pton(AF_INET, address, &inet) == 1 else { return nil }
        return withUnsafeBytes(of: &inet) { Array($0) }
    }
}
