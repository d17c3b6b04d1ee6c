import Crypto
import Foundation
import Glibc
import ScratchSupport
import SwiftASN1
import Testing
import X509

@testable import GripFitDashboard

/// `dashboard --tls self-signed`'s certificate: made once with the machine's names, kept private, reused.
@Suite struct SelfSignedCertificateTests {
    let names = HostNames(
        dnsNames: ["station-3", "station-3.local", "localhost"],
        addresses: ["192.168.1.20", "fd00::20", "127.0.0.1", "::1"]
    )
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    static func certificate(in directory: String) throws -> Certificate {
        let text = try String(contentsOfFile: directory + "/" + SelfSignedCertificate.certificateFile, encoding: .utf8)
        return try Certificate(pemEncoded: text)
    }

    @Test func theCertificateNamesTheHostItsLocalNameAndItsAddresses() throws {
        let directory = Scratch.directory("tls") + "/config/gripfit/tls"
        _ = try SelfSignedCertificate.loadOrMake(in: directory, names: names, now: now)
        let certificate = try Self.certificate(in: directory)
        let alternative = try #require(try certificate.extensions.subjectAlternativeNames)
        let dns = alternative.compactMap { name -> String? in
            if case .dnsName(let text) = name { return text }
            return nil
        }
        let ips = alternative.compactMap { name -> [UInt8]? in
            if case .ipAddress(let octets) = name { return Array(octets.bytes) }
            return nil
        }
        #expect(dns == ["station-3", "station-3.local", "localhost"])
        #expect(ips.contains([192, 168, 1, 20]) && ips.contains([127, 0, 0, 1]))
        #expect(ips.contains([0xfd, 0] + [UInt8](repeating: 0, count: 13) + [0x20]))
        #expect(ips.contains([UInt8](repeating: 0, count: 15) + [1]))
        #expect(certificate.subject.description.contains("CN=station-3"))
        let days = certificate.notValidAfter.timeIntervalSince(now) / 86_400
        #expect(days >= 824 && days <= 825)
        #expect(certificate.notValidBefore <= now)
        #expect(try certificate.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        #expect(P256.Signing.PublicKey(certificate.publicKey) != nil, "a P-256 key")
        #expect(certificate.signatureAlgorithm == .ecdsaWithSHA256)
    }

    @Test func theKeyIs0600InA0700Directory() throws {
        let directory = Scratch.directory("tls") + "/gripfit/tls"
        let saved = umask(0o022)
        defer { umask(saved) }
        _ = try SelfSignedCertificate.loadOrMake(in: directory, names: names, now: now)
        #expect(Self.mode(directory) == 0o700)
        #expect(Self.mode(directory + "/" + SelfSignedCertificate.keyFile) == 0o600)
        let key = try String(contentsOfFile: directory + "/" + SelfSignedCertificate.keyFile, encoding: .utf8)
        #expect(key.hasPrefix("-----BEGIN PRIVATE KEY-----"))
    }

    @Test func aSecondStartReusesTheCertificate() throws {
        let directory = Scratch.directory("tls") + "/tls"
        let first = try SelfSignedCertificate.loadOrMake(in: directory, names: names, now: now)
        let second = try SelfSignedCertificate.loadOrMake(in: directory, names: names, now: now + 86_400)
        #expect(first.made && !second.made)
        #expect(first.identity.fingerprint == second.identity.fingerprint)
    }

    @Test func anExpiredCertificateIsMadeAnew() throws {
        let directory = Scratch.directory("tls") + "/tls"
        let first = try SelfSignedCertificate.loadOrMake(in: directory, names: names, now: now)
        let later = now + Double(SelfSignedCertificate.validityDays + 1) * 86_400
        let second = try SelfSignedCertificate.loadOrMake(in: directory, names: names, now: later)
        #expect(second.made)
        #expect(first.identity.fingerprint != second.identity.fingerprint)
    }

    @Test func theFingerprintIsTheSHA256OfTheDERInColonSeparatedHex() throws {
        let directory = Scratch.directory("tls") + "/tls"
        let identity = try SelfSignedCertificate.loadOrMake(in: directory, names: names, now: now).identity
        let pairs = identity.fingerprint.split(separator: ":")
        #expect(pairs.count == 32)
        #expect(pairs.allSatisfy { $0.count == 2 && $0.allSatisfy { "0123456789ABCDEF".contains($0) } })
        // SHA-256 of the empty input, as `openssl dgst -sha256 -c` prints it (upper case).
        #expect(
            TLSIdentity.fingerprint(der: []).hasPrefix("E3:B0:C4:42:98:FC:1C:14:9A:FB:F4:C8:99:6F:B9:24")
        )
        var serializer = DER.Serializer()
        try serializer.serialize(try Self.certificate(in: directory))
        #expect(TLSIdentity.fingerprint(der: serializer.serializedBytes) == identity.fingerprint)
    }
}
