import Glibc

/// argument-parser wraps every line of `--help` to the terminal but the usage line, which for a
/// command taking `--port` and the simulator options is 200 columns; the terminal would then
/// break it anywhere. This wraps it between options, continuation lines under the first option.
enum UsageLine {
    /// As argument-parser decides it: COLUMNS, else the terminal on stdout, else 80.
    static var terminalWidth: Int {
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// `message` with each "USAGE: …" (help) or "Usage: …" (usage error) line wider than `width`
    /// wrapped; every other line as it was.
    static func wrapped(_ message: String, width: Int) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.count > width, line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: ") else { return String(line) }
            return wrap(line, width: width)
        }.joined(separator: "\n")
    }

    /// Words are split at spaces outside [brackets] and <angle brackets>, so `[--port <port>]`
    /// stays whole. The indent is that of the first option, or 7 when that leaves too little room.
    private static func wrap(_ line: Substring, width: Int) -> String {
        var words: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            switch character {
            case "[", "<": depth += 1
            case "]", ">": depth = max(0, depth - 1)
            case " " where depth == 0:
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        let command = words.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }
        let head = command.joined(separator: " ")
        let indent = head.count + 1 <= width / 2 ? head.count + 1 : 7
        var lines = [head]
        for word in words.dropFirst(command.count) {
            if lines[lines.count - 1].count + 1 + word.count <= width {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(String(repeating: " ", count: indent) + word)
            }
        }
        return lines.joined(separator: "\n")
    }
}
