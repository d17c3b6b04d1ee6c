import Foundation

/// The TCP ports a process listens on, read from the kernel (`/proc/PID/fd` and `/proc/net/tcp`),
/// in the order it opened them: a server told to listen on port 0 takes the kernel's pick and keeps
/// it bound, so a test never hands on a port it freed (another process could take it in between).
enum ListeningPorts {
    static func of(_ pid: Int32) -> [UInt16] {
        let directory = "/proc/\(pid)/fd"
        let inodes = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).compactMap { entry -> UInt64? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + entry),
                let inode = target.wholeMatch(of: /socket:\[(\d+)\]/)?.1
            else { return nil }
            return UInt64(inode)
        }
        var listening: [UInt64: UInt16] = [:]
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                let fields = line.split(separator: " ")
                guard fields.count > 9, fields[3] == "0A", let inode = UInt64(fields[9]),
                    let port = fields[1].split(separator: ":").last.flatMap({ UInt16($0, radix: 16) })
                else { continue }
                listening[inode] = port
            }
        }
        // Socket inodes are numbered as they are made: the config's first accepter has the lowest.
        return inodes.sorted().compactMap { listening[$0] }
    }
}
