import Foundation

/// Tests/Tools/validate_fhir.py in the venv `make fhir-venv` creates (fhir.resources 6.1.0, FHIR R4):
/// the writer's own Bundles (GripFitClinicalTests) and an assessment's of every protocol (GripFitExchangeTests).
public enum FHIRValidator {
    public static let skipped = ProcessInfo.processInfo.environment["GRIPFIT_SKIP_FHIR"] == "1"
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = root.appendingPathComponent(".build-venv/fhir/bin/python").path
    static let script = root.appendingPathComponent("Tests/Tools/validate_fhir.py").path

    /// Writes the Bundles to a temporary directory and runs the validator on all of them; throws
    /// ``FHIRValidatorMissing``, naming the fix, when the venv is missing (a test failure, not a skip).
    public static func run(_ bundles: [String: String]) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw FHIRValidatorMissing(python: python) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gripfit-fhir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, text) in bundles.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name + ".json")
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
