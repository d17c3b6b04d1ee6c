import Foundation
import Testing

@testable import GripFitCLI

/// `--version`, its one source of truth (BuildInfo.swift, read by the Makefile for the .deb)
/// and the firmware it names.
@Suite(.waitsOnProcesses) struct VersionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func versionNamesTheReleaseTheCommitAndTheBridgeFirmware() throws {
        let result = try CLIProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.lines.first == "gripfit-serial \(BuildInfo.version)")
        #expect(result.lines.contains { $0.hasPrefix("commit: ") })
        #expect(result.lines.contains("expects bridge firmware: \(BuildInfo.expectedBridgeFirmware)"))
    }

    @Test func theMakefileReadsTheSameVersion() throws {
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "--no-print-directory", "-s", "-C", Self.repository.path, "print-version"]
        let out = Pipe()
        make.standardOutput = out
        try make.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        make.waitUntilExit()
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == BuildInfo.version)
    }

    @Test func theExpectedBridgeFirmwareIsTheFirmwaresOwn() throws {
        let header = try String(
            contentsOf: Self.repository.appendingPathComponent("firmware-bridge/src/BridgeConfig.h"),
            encoding: .utf8
        )
        let match = try #require(header.firstMatch(of: /kFirmwareVersion = "([^"]+)"/))
        #expect(String(match.1) == BuildInfo.expectedBridgeFirmware)
    }
}
