import Foundation

/// Validates a JUnit report with `xmllint --schema` against the copy of Jenkins' junit-10.xsd in
/// Fixtures (its source is named at its top).
enum JUnitSchema {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/junit-10.xsd").path

    /// As ``validate(_:)``, for a report in memory.
    static func validate(xml: String) throws -> String {
        let path = NSTemporaryDirectory() + "gripfit-junit-\(UUID().uuidString).xml"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try validate(path)
    }

    /// xmllint's complaints; empty when the report is valid.
    static func validate(_ report: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--schema", path, report]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : text
    }
}
