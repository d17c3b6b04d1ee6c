import ArgumentParser
import Foundation
import Testing

@testable import GripFitCLI

/// Shell completion knows values: enumerations their cases, file options file names, `--port`
/// the bridges (PortCompletionTests, under umockdev). Checked on every command the binary has,
/// then for real through bash.
@Suite(.waitsOnProcesses) struct CompletionTests {
    private func kind(_ argument: [String: Any]) -> [String: Any]? { argument["completionKind"] as? [String: Any] }

    private func name(_ argument: [String: Any]) -> String {
        (argument["preferredName"] as? [String: Any])?["name"] as? String ?? argument["valueName"] as? String ?? "?"
    }

    @Test func everyArgumentOfEveryCommandCompletesByItsKind() throws {
        var files = 0
        var ports = 0
        var enumerations = 0
        for command in try CommandTree.built.get().commands {
            for argument in command.arguments {
                let label = "\(command.name) \(name(argument))"
                switch argument["valueName"] as? String {
                case "file":
                    files += 1
                    #expect(kind(argument)?["file"] != nil, "\(label) should complete file names: \(argument)")
                case "port":
                    ports += 1
                    #expect(kind(argument)?["custom"] != nil, "\(label) should complete the bridges: \(argument)")
                default: break
                }
                if let values = argument["allValues"] as? [String] {
                    enumerations += 1
                    let listed = (kind(argument)?["list"] as? [String: Any])?["values"] as? [String]
                    #expect(listed == values, "\(label) should complete \(values): \(argument)")
                }
            }
        }
        #expect(files >= 5, "export -o, plot -o, check --junit and --json, import")
        #expect(ports >= 9, "every command that talks to a dongle, and doctor")
        #expect(enumerations >= 10)
    }

    /// One test for bash's Tab through the binary: enumeration values, then file names.
    @Test func bashCompletesEnumerationValuesAndFileNames() throws {
        #expect(try BashCompletion.complete(["monitor", "--format", ""]) == ["text", "jsonl", "csv"])
        #expect(try BashCompletion.complete(["monitor", "--format", "j"]) == ["jsonl"])
        #expect(
            try BashCompletion.complete(["ping", "--log-level", ""])
                == ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        )
        #expect(try BashCompletion.complete(["record", "--hand", ""]) == ["left", "right"])

        // File names for file options and import.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in ["backup.json", "report.xml"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(file).path, contents: Data())
        }
        let both = ["backup.json", "report.xml"]
        #expect(try BashCompletion.complete(["import", ""], in: directory).sorted() == both)
        #expect(try BashCompletion.complete(["export", "1", "-o", "b"], in: directory) == ["backup.json"])
        #expect(try BashCompletion.complete(["plot", "1", "--output", ""], in: directory).sorted() == both)
        #expect(try BashCompletion.complete(["check", "--junit", "r"], in: directory) == ["report.xml"])
        #expect(try BashCompletion.complete(["check", "--json-file", ""], in: directory).sorted() == both)
    }

    /// Generated in-process by the code `--generate-completion-script` runs (bash's goes through the binary above).
    @Test func zshAndFishScriptsAskTheBinaryForPortsAndListValues() throws {
        for shell in ["zsh", "fish"] {
            let script = GripFitSerial.completionScript(for: try #require(CompletionShell(rawValue: shell)))
            #expect(script.contains("---completion"), "\(shell): --port asks the binary")
            #expect(script.contains("jsonl"), "\(shell): --format values")
        }
    }
}
