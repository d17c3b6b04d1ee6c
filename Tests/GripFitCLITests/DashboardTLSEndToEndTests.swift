import Foundation
import Glibc
import Testing

/// `gripfit-serial dashboard --simulate --tls self-signed` through the real binary, with openssl and curl
/// as a user would check it: TLS 1.2 or newer, the machine's names in the certificate, its fingerprint as
/// printed, the token's cookie `Secure`, plain HTTP on the port refused naming the https URL.
@Suite(.waitsOnProcesses, .serialized) struct DashboardTLSEndToEndTests {
    /// A dashboard on a free loopback port and what it printed before serving.
    struct Started {
        let cli: RunningCLI
        let url: String
        let port: Int
        let lines: [String]

        init(_ binary: BuiltBinary, _ extra: [String] = ["--tls", "self-signed"]) throws {
            cli = try binary.running(["dashboard", "--simulate", "--listen", "127.0.0.1:0", "--generate-token"] + extra)
            var lines: [String] = []
            while let line = cli.nextLine(before: Date() + 60) {
                lines.append(line)
                if line.hasPrefix("Compare it with") { break }
            }
            self.lines = lines
            let first = lines.first ?? ""
            guard let range = first.range(of: "https://") else {
                throw HTTPTestClient.Failure.malformed("no https URL in \(lines) \(cli.stop().stderr)")
            }
            url = String(first[range.lowerBound...])
            port = Int(url.dropFirst("https://127.0.0.1:".count).prefix { $0.isNumber }) ?? 0
        }

        var fingerprint: String? {
            lines.first { $0.hasPrefix("Certificate SHA-256 fingerprint: ") }.map { String($0.dropFirst(33)) }
        }
        var token: String { String(url.split(separator: "=").last ?? "") }
    }

    /// `command` through /bin/sh; its status and stdout.
    static func shell(_ command: String) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theSelfSignedCertificateServesHTTPSWithTheNamesAndFingerprintPrinted() throws {
        let binary = BuiltBinary()
        let dashboard = try Started(binary)
        defer { _ = dashboard.cli.stop() }
        let directory = binary.configHome + "/gripfit/tls"
        #expect(dashboard.lines.contains { $0.hasPrefix("Made a self-signed certificate") && $0.contains(directory) })
        let fingerprint = try #require(dashboard.fingerprint)

        let connect = "openssl s_client -connect 127.0.0.1:\(dashboard.port) -servername localhost </dev/null 2>/dev/null"
        let session = try Self.shell(connect)
        let version = session.out.split(separator: "\n").first { $0.contains("Protocol") || $0.hasPrefix("New, ") } ?? ""
        #expect(version.contains("TLSv1.3") || version.contains("TLSv1.2"), "\(session.out)")
        let certificate = try Self.shell(connect + " | openssl x509 -noout -fingerprint -sha256 -ext subjectAltName")
        #expect(certificate.out.contains("Fingerprint=\(fingerprint)"), "\(certificate.out) vs \(fingerprint)")
        #expect(certificate.out.contains("DNS:localhost") && certificate.out.contains("IP Address:127.0.0.1"))
        #expect(certificate.out.contains("IP Address:0:0:0:0:0:0:0:1"), "\(certificate.out)")
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, 255)
        let host = String(cString: name)
        #expect(certificate.out.contains("DNS:\(host)") && certificate.out.contains("DNS:\(host.split(separator: ".")[0]).local"))
        // TLS 1.1 and older are refused (the client allowed to offer it at security level 0).
        let old = try Self.shell("openssl s_client -connect 127.0.0.1:\(dashboard.port) -tls1_1 -cipher DEFAULT@SECLEVEL=0 </dev/null")
        #expect(old.status != 0 && old.out.contains("Cipher is (NONE)"), "\(old.out)")

        // curl trusts the certificate as the CLI saved it, and the server's key by the pin of its public key.
        let pin = try Self.shell(
            "openssl x509 -in \(directory)/dashboard-certificate.pem -pubkey -noout | openssl pkey -pubin -outform der "
                + "| openssl dgst -sha256 -binary | base64"
        ).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let page = try Self.shell(
            "curl -sS -D - -o /dev/null --cacert \(directory)/dashboard-certificate.pem --pinnedpubkey sha256//\(pin) "
                + "'https://localhost:\(dashboard.port)/?token=\(dashboard.token)'"
        )
        #expect(page.status == 0, "\(page.out)")
        #expect(page.out.hasPrefix("HTTP/1.1 200"), "\(page.out)")
        let cookie = page.out.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") } ?? ""
        #expect(cookie.contains("gripfit_token=\(dashboard.token)") && cookie.hasSuffix("; Secure"), "\(cookie)")
        let status = try Self.shell(
            "curl -sS --cacert \(directory)/dashboard-certificate.pem -H 'X-GripFit-Token: \(dashboard.token)' "
                + "https://localhost:\(dashboard.port)/api/status"
        )
        #expect(status.out.contains("\"recording\""), "\(status.out)")
        let wrongPin = try Self.shell(
            "curl -sS -k --pinnedpubkey sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= https://localhost:\(dashboard.port)/"
        )
        #expect(wrongPin.status == 90, "curl's code for a public key that is not the pinned one")
    }
}
