/// How far an update is: a bar redrawn in place on a terminal, a plain line every 10 % otherwise
/// (a log or CI keeps a short record).
struct UpdateProgress {
    private let total: Int
    private let redraws: Bool
    private var line = StatusLine()
    private var lastTenth = -1

    init(total: Int, redraws: Bool = StandardOutput.isCapableTerminal) {
        self.total = max(total, 1)
        self.redraws = redraws
    }

    mutating func show(bytes: Int) {
        let percent = bytes * 100 / total
        if redraws {
            let width = 30
            let filled = bytes * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            line.show("[\(bar)] \(percent)% \(bytes)/\(total) bytes")
            return
        }
        guard percent / 10 != lastTenth else { return }
        lastTenth = percent / 10
        StandardOutput.line("sent \(bytes) of \(total) bytes (\(percent)%)")
    }

    mutating func finish() {
        line.clear()
    }
}
