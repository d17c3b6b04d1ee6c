import Foundation
import GripFitDashboard
import Testing

@testable import GripFitCLI

/// `dashboard`'s checks before it serves and its token commands, in-process on a ``BuiltBinary``'s
/// files (issue 32): each fails before the port is opened, so no dashboard needs to run. The
/// serving dashboard is ``DashboardEndToEndTests``', ``DashboardRolesEndToEndTests``' and
/// ``DashboardTLSEndToEndTests``'.
@Suite struct DashboardTests {
    @Test func aWrongCertificateOrKeyFailsBeforeServingNamingThePath() {
        let binary = BuiltBinary()
        let missing = binary.runInProcess([
            "dashboard", "--simulate", "--tls-cert", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem",
        ])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/cert.pem") && missing.stderr.contains("--tls-cert"), "\(missing.stderr)")
        let alone = binary.runInProcess(["dashboard", "--simulate", "--tls-cert", "/nonexistent/cert.pem"])
        #expect(alone.status == 64 && alone.stderr.contains("--tls-cert and --tls-key go together"))
        let other = binary.runInProcess(["dashboard", "--simulate", "--tls", "letsencrypt"])
        #expect(other.status == 64 && other.stderr.contains("--tls takes self-signed"))
    }

    /// What the dashboard prints of its certificate: "Made a self-signed certificate …" on the
    /// first start only, and the same fingerprint on every start.
    @Test func aSecondStartReusesTheCertificateAndPrintsItsFingerprint() throws {
        let binary = BuiltBinary()
        let dashboard = try #require(try GripFitSerial.parse(["dashboard", "--simulate", "--tls", "self-signed"]) as? Dashboard)
        let directory = binary.configHome + "/gripfit"
        let first = try #require(try dashboard.tlsIdentity(configDirectory: directory))
        let second = try #require(try dashboard.tlsIdentity(configDirectory: directory))
        #expect(first.made?.hasPrefix("Made a self-signed") == true && first.made?.contains(directory + "/tls") == true)
        #expect(second.made == nil)
        #expect(second.identity.fingerprint == first.identity.fingerprint)
    }

    @Test func aDamagedTokenFileStopsTheDashboardNamingItsPathAndFix() throws {
        let binary = BuiltBinary()
        let added = binary.runInProcess(["dashboard", "token", "add", "desk", "--role", "viewer"])
        #expect(added.status == 0, "\(added.stderr)")
        let path = binary.configHome + "/gripfit/dashboard-tokens.json"
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        let refused = binary.runInProcess(["dashboard", "--simulate"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(path) && refused.stderr.contains("dashboard token add"), "\(refused.stderr)")
        #expect(binary.runInProcess(["dashboard", "token", "list"]).status == 65)
    }

    /// Any address but loopback needs a token; a token of the user's must be long enough. The
    /// token's way through the routes is ``DashboardRouterTests/aTokenIsNeededOnEveryRequestAndBecomesACookie()``.
    @Test func anAddressOtherMachinesReachNeedsAToken() throws {
        let binary = BuiltBinary()
        let refused = binary.runInProcess(["dashboard", "--simulate", "--listen", "0.0.0.0:0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--generate-token"))
        #expect(binary.runInProcess(["dashboard", "--simulate", "--token", "short"]).status == 64)
        let token = AccessPolicy.generateToken()
        let url = Dashboard.url(try #require(ListenAddress("127.0.0.1:0")), port: 8642, token: token)
        #expect(url == "http://127.0.0.1:8642/?token=\(token)", "the URL to open carries the token")
    }

    /// `--subject` names a subject in the history (exit 66 otherwise, before the server starts), as
    /// `subject` spells codes. What the page makes of it is ``DashboardSessionTests``'
    /// `theSubjectIsPreselectedAndOneAddedFromThePageIsInTheHistory()` in GripFitDashboardTests.
    @Test func theSubjectIsCheckedBeforeServing() {
        let binary = BuiltBinary()
        let unknown = binary.runInProcess("dashboard", "--simulate", "--listen", "127.0.0.1:0", "--subject", "P017")
        #expect(unknown.status == 66, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("no subject 'P017'"), "\(unknown.stderr)")
        let bad = binary.runInProcess("dashboard", "--simulate", "--subject", "Jane Doe")
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(binary.runInProcess("subject", "add", "P017", "--birth-year", "1950").status == 0)
        // Codes are case-blind: a code typed in another case passes the checks (the page then gets it as stored).
        let known = binary.runInProcess("dashboard", "--simulate", "--listen", "127.0.0.1:0", "--subject", "p017")
        #expect(known.status == -1 && known.stderr.contains("would serve"), "\(known.stderr)")
    }
}
