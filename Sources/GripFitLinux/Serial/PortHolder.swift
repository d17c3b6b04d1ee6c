import Foundation
import GripFitOutput

/// Finds which process has a port open, as tio and lsof do, by reading /proc/*/fd.
public enum PortHolder {
    /// "PID 1234 (minicom)", or nil when /proc does not tell (another user's processes).
    public static func describe(path: String, excluding pid: Int32 = getpid()) -> String? {
        holders(of: path, excluding: pid).first.map(label)
    }

    /// "PID 1234 (minicom)", escaped for the terminal: a process's owner can set its name to any bytes.
    public static func label(_ holder: (pid: Int32, command: String)) -> String {
        "PID \(holder.pid) (\(UntrustedText.escaped(holder.command)))"
    }

    public static func holders(of path: String, excluding pid: Int32 = getpid()) -> [(pid: Int32, command: String)] {
        let target =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
                $0.hasPrefix("/") ? $0 : (path as NSString).deletingLastPathComponent + "/" + $0
            } ?? path
        let fileManager = FileManager.default
        guard let entries = try? fileManager.contentsOfDirectory(atPath: "/proc") else { return [] }
        var found: [(Int32, String)] = []
        for entry in entries {
            guard let candidate = Int32(entry), candidate != pid else { continue }
            let fdDirectory = "/proc/\(entry)/fd"
            guard let fds = try? fileManager.contentsOfDirectory(atPath: fdDirectory) else { continue }
            let holds = fds.contains { fd in
                (try? fileManager.destinationOfSymbolicLink(atPath: "\(fdDirectory)/\(fd)")) == target
            }
            if holds {
                let command =
                    (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
                found.append((candidate, command))
            }
        }
        return found
    }
}
