import Testing

@testable import GripFitCLI

/// Where `monitor`'s live view is drawn (issue 32: in-process, no terminal launched): only on a
/// terminal that can redraw in place; TERM=dumb, an empty or missing TERM get plain lines.
@Suite struct StandardOutputTests {
    @Test func aDumbTerminalGetsPlainLines() {
        #expect(!StandardOutput.canRedraw(term: "dumb"))
        #expect(!StandardOutput.canRedraw(term: ""))
        #expect(!StandardOutput.canRedraw(term: nil))
        #expect(StandardOutput.canRedraw(term: "xterm-256color"))
        // What such a terminal is given: the lines `monitor` writes off a terminal, no live view.
        let done = InProcessMonitor.run(["--simulate", "--duration", "2"])
        #expect(done.status == 0, "\(done.stderr)")
        let lines = done.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(" reading ") }, "\(done.stdout)")
        #expect(!lines.contains { $0.hasPrefix("10 s ") })
    }
}
