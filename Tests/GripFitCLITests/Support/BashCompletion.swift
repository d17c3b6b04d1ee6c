import Foundation

/// Runs the binary's generated bash completion the way bash does on Tab: the script's function
/// with COMP_WORDS set, in a real bash, and returns COMPREPLY.
enum BashCompletion {
    /// The script is the same for every completion: generated once.
    private static let generated = Result { try CLIProcess.run(["--generate-completion-script", "bash"]) }

    /// `words` follow the command name; the last one is the word being completed ("" for a new one).
    /// `prefix` runs bash behind a wrapper such as `umockdev-run … --`.
    static func complete(_ words: [String], in directory: URL? = nil, prefix: [String] = []) throws -> [String] {
        let script = FileManager.default.temporaryDirectory
            .appendingPathComponent("gripfit-serial-completion-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: script) }
        try generated.get().stdout.write(to: script, atomically: true, encoding: .utf8)
        let driver = """
            source "$0"
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            function=$(complete -p gripfit-serial | sed 's/.* -F \\([^ ]*\\) .*/\\1/')
            # As bash calls it: the command, the word being completed, the word before it.
            "$function" gripfit-serial "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let (process, out, err) = try CLIProcess.spawn(
            URL(fileURLWithPath: "/usr/bin/env"),
            prefix + ["bash", "-c", driver, script.path, CLIProcess.binary.path] + words,
            directory: directory
        )
        let result = CLIProcess.finish(process, out, err)
        guard result.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSDebugDescriptionErrorKey: result.stderr])
        }
        return result.lines
    }
}
