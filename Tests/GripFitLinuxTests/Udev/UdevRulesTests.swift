import Foundation
import GripFitLinux
import Testing

/// The shipped rules file and the Swift matcher must recognise the same dongles.
@Suite struct UdevRulesTests {
    static let rulesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("udev")

    private func rulesFile() throws -> (name: String, text: String) {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
            .filter { $0.hasSuffix(".rules") }
        try #require(names.count == 1, "one rules file in udev/, found \(names)")
        let text = try String(contentsOf: Self.rulesDirectory.appendingPathComponent(names[0]), encoding: .utf8)
        return (names[0], text)
    }

    /// Rule lines only, without comments.
    private func rules(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    @Test func theRulesListTheMatchersIDs() throws {
        let (_, text) = try rulesFile()
        let pattern = /ATTRS\{idVendor\}=="([0-9a-f]{4})", ATTRS\{idProduct\}=="([0-9a-f]{4})"/
        let inRules = rules(text).compactMap { line in
            line.firstMatch(of: pattern).flatMap { UsbDeviceID(vendor: String($0.1), product: String($0.2)) }
        }
        #expect(inRules.count == Set(inRules).count, "an ID is listed twice")
        #expect(Set(inRules) == Set(BridgeMatcher.supportedBoards.map(\.id)))
    }

    @Test func theRulesMatchTheFirmwareProductString() throws {
        let (_, text) = try rulesFile()
        #expect(rules(text).contains { $0.contains("ATTRS{product}==\"\(BridgeMatcher.productString)\"") })
        #expect(rules(text).contains { $0.contains("ENV{\(BridgeMatcher.udevProperty)}=\"1\"") })
    }

    @Test func theFileSortsBeforeSeatLateSoUaccessWorks() throws {
        let (name, _) = try rulesFile()
        #expect(name < "73-seat-late.rules")
        #expect(name > "60-serial.rules", "ID_SERIAL_SHORT comes from 60-serial.rules")
    }

    @Test func permissionsAreUaccessAndDialoutNeverWorldWritable() throws {
        let (_, text) = try rulesFile()
        let lines = rules(text)
        #expect(lines.contains { $0.contains("TAG+=\"uaccess\"") && $0.contains("GROUP=\"dialout\"") && $0.contains("MODE=\"0660\"") })
        #expect(!lines.contains { $0.contains("0666") })
        #expect(lines.contains { $0.contains("ENV{ID_MM_DEVICE_IGNORE}=\"1\"") })
        #expect(lines.contains { $0.contains("SYMLINK+=") && $0.contains("ID_SERIAL_SHORT") })
    }
}
