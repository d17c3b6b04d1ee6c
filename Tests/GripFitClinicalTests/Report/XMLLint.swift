import Foundation

/// Parses a document with xmllint (libxml2-utils, in the Makefile's APT_PACKAGES): nil when it is
/// well-formed, else xmllint's complaint.
enum XMLLint {
    static func problems(in document: String) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gripfit-xmllint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("chart.svg")
        try Data(document.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: said, as: UTF8.self)
    }
}
