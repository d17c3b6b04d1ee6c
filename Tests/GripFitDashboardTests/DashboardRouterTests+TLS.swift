import GripFitDashboard
import HTTPTypes
import Testing

/// The access rules over HTTPS (`dashboard --tls`): the token's cookie is `Secure`, and the page's own
/// origin is `https://` (a plain-HTTP origin is another one).
extension DashboardRouterTests {
    @Test func overHTTPSTheCookieIsSecureAndTheOriginIsHTTPS() async throws {
        var access = AccessPolicy(token: "0123456789abcdef0123", loopbackOnly: false)
        access.secure = true
        let first = try await respond(.get, "/?token=0123456789abcdef0123", host: "pi.local:8642", access: access)
        let cookie = try #require(first.headers[.setCookie])
        #expect(cookie.hasSuffix("; Secure"), "\(cookie)")
        let cookieHeader: HTTPFields = [.cookie: "gripfit_token=0123456789abcdef0123"]
        var sameOrigin = cookieHeader
        sameOrigin[.origin] = "https://pi.local:8642"
        #expect(try await respond(.post, "/api/tare", host: "pi.local:8642", headers: sameOrigin, access: access).status == .accepted)
        var plainOrigin = cookieHeader
        plainOrigin[.origin] = "http://pi.local:8642"
        #expect(try await respond(.post, "/api/tare", host: "pi.local:8642", headers: plainOrigin, access: access).status == .forbidden)
    }

    @Test func overPlainHTTPTheCookieIsNotSecure() async throws {
        let access = AccessPolicy(token: "0123456789abcdef0123", loopbackOnly: false)
        let first = try await respond(.get, "/?token=0123456789abcdef0123", host: "pi.local:8642", access: access)
        #expect(try #require(first.headers[.setCookie]).contains("Secure") == false)
    }
}
