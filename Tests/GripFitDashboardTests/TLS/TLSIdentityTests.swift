import Foundation
import ScratchSupport
import Testing

@testable import GripFitDashboard

/// `dashboard --tls-cert FILE --tls-key FILE`: each way the pair can be wrong is named with the path and the fix.
@Suite struct TLSIdentityTests {
    let names = HostNames(dnsNames: ["localhost"], addresses: ["127.0.0.1"])

    /// A certificate and key in PEM, written to `directory` as `NAME.crt` and `NAME.key`.
    func pair(_ name: String, in directory: String) throws -> (certificate: String, key: String) {
        let (certificate, key) = try SelfSignedCertificate.make(names: names, now: Date())
        let paths = (directory + "/" + name + ".crt", directory + "/" + name + ".key")
        try certificate.write(toFile: paths.0, atomically: true, encoding: .utf8)
        try key.write(toFile: paths.1, atomically: true, encoding: .utf8)
        return paths
    }

    func loadFailure(_ certificate: String, _ key: String) -> TLSFailure? {
        do {
            _ = try TLSIdentity.load(certificatePath: certificate, keyPath: key)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMatchingPairLoads() throws {
        let directory = Scratch.directory("tls")
        let (certificate, key) = try pair("dashboard", in: directory)
        let identity = try TLSIdentity.load(certificatePath: certificate, keyPath: key)
        #expect(identity.certificateChain.count == 1)
        #expect(identity.serverConfiguration.minimumTLSVersion == .tlsv12)
    }

    @Test func aMissingFileIsNamedWithErrnoAndTheOption() throws {
        let directory = Scratch.directory("tls")
        let (_, key) = try pair("dashboard", in: directory)
        let failure = try #require(loadFailure(directory + "/missing.crt", key))
        #expect(failure.kind == .unreadable)
        #expect(failure.message.contains(directory + "/missing.crt"))
        #expect(failure.message.contains("No such file or directory"))
        #expect(failure.message.contains("--tls-cert"))
    }

    @Test func anUnreadableFileIsNamedWithErrno() throws {
        let directory = Scratch.directory("tls")
        let (certificate, _) = try pair("dashboard", in: directory)
        // A directory: open succeeds, read fails with EISDIR (a 0000 file would not do: tests may run as root).
        let failure = try #require(loadFailure(certificate, directory))
        #expect(failure.kind == .unreadable)
        #expect(failure.message.contains(directory) && failure.message.contains("Is a directory"))
        #expect(failure.message.contains("--tls-key"))
    }

    @Test func aFileThatIsNotPEMIsSaidSo() throws {
        let directory = Scratch.directory("tls")
        let (certificate, key) = try pair("dashboard", in: directory)
        let der = directory + "/dashboard.der"
        FileManager.default.createFile(atPath: der, contents: Data([0x30, 0x82, 0x01, 0x00, 0x02]))
        let notCertificate = try #require(loadFailure(der, key))
        #expect(notCertificate.kind == .invalid)
        #expect(notCertificate.message.contains(der) && notCertificate.message.contains("no PEM certificate"))
        let notKey = try #require(loadFailure(certificate, certificate))
        #expect(notKey.kind == .invalid)
        #expect(notKey.message.contains(certificate) && notKey.message.contains("no unencrypted PEM private key"))
    }

    @Test func aKeyOfAnotherCertificateIsSaidSo() throws {
        let directory = Scratch.directory("tls")
        let (certificate, _) = try pair("first", in: directory)
        let (_, otherKey) = try pair("second", in: directory)
        let failure = try #require(loadFailure(certificate, otherKey))
        #expect(failure.kind == .invalid)
        #expect(failure.message.contains("\(otherKey) is not the private key of the certificate in \(certificate)"))
    }
}
