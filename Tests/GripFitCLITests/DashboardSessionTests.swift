import Foundation
@testable import GripFitCLI
import GripFitCore
import GripFitDashboard
import GripFitLinux
import GripFitStore
import Testing

/// ``DashboardSession``'s live state fed reports by hand (no binary, no server): one calibration
/// stage gives the status its device, force and peak, and a dashboard escapes device text only
/// where it writes its JSON.
struct DashboardSessionTests {
    static let calibration = StoredCalibration(
        device: "usb:A1", calibration: Calibration(offset: 0, countsPerKilogram: 20_000), date: "2026-11-22T00:00:00Z",
        massKilograms: 10)

    func session() throws -> DashboardSession {
        let calibration = Self.calibration
        return DashboardSession(
            inbox: try CommandInbox(), publisher: EventPublisher(), unit: .kilograms, wallClock: WallClock(),
            clock: MonotonicClock(), dongleKey: "usb:A1", pinned: nil,
            stage: CalibrationLookup.Stage(fallbackKey: "usb:A1", gate: IdentityGate(wait: .zero)) { _ in calibration })
    }

    func status(_ session: DashboardSession) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(session.status().utf8))
        return try #require(object as? [String: Any])
    }

    @Test func readingsCarryTheDevicesForceAndPeak() throws {
        let session = try session()
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        let link = LinkFacts(firmware: "1.0", portOpen: true)
        session.consume(.state(.connected), at: start, link: link)
        for (index, raw) in [Int32(40_000), 100_000, 60_000].enumerated() {
            session.consume(.message(.reading(raw)), at: start + .milliseconds(100 * (index + 1)), link: link)
        }
        let status = try status(session)
        #expect(status["device"] as? String == "usb:A1")
        #expect(status["calibrated"] as? Bool == true)
        #expect(status["unit"] as? String == "kg")
        #expect((status["reading"] as? [String: Any])?["force"] as? Double == 3)
        #expect(status["peak"] as? Double == 5)
        session.resetPeak()
        #expect(try self.status(session)["peak"] is NSNull)
    }

    @Test func deviceTextIsKeptAsSentAndEscapedInTheStatus() throws {
        let session = try session()
        let start = MonotonicInstant(nanoseconds: 1_000_000_000)
        session.consume(.message(.device(DeviceInfo(name: "GRIP\u{1B}[31m", firmware: "1.0"))), at: start, link: LinkFacts())
        #expect(try status(session)["name"] as? String == #"GRIP\x1B[31m"#)
    }
}
