import Foundation
import Glibc
import Testing

/// `monitor`'s live view and `record --protocol`'s cues in a real terminal (tmux), against the simulator.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(15)))
struct LiveViewEndToEndTests {
    private let cli = BuiltBinary()

    private var environment: [String: String] {
        ["XDG_DATA_HOME": cli.dataHome, "XDG_CONFIG_HOME": cli.configHome, "TERM": "xterm-256color"]
    }

    /// Every row within the width (so none wrapped) and exactly one copy of the view; rows from
    /// `EXIT=` on are the shell's (`stty -a`), not ours.
    private func checkFits(_ session: TmuxSession, width: Int) {
        func ours(_ rows: [String]) -> [String] { Array(rows.prefix { !$0.hasPrefix("EXIT=") }) }
        let screen = ours(session.capture())
        // A wrapped row is one row when joined (-J); counted, not compared, as the view may redraw
        // between the two captures.
        #expect(ours(session.capture(joined: true)).count == screen.count, "no wrapped rows at \(width) columns")
        #expect(screen.allSatisfy { $0.unicodeScalars.count < width }, "\(screen)")
        #expect(screen.filter { $0.hasPrefix("10 s ") }.count == 1, "one sparkline at \(width): \(screen)")
        #expect(screen.filter(isHeadline).count == 1, "one headline at \(width): \(screen)")
    }

    /// The force, then (room allowing) the peak and the clock, always ending with the link state.
    private func isHeadline(_ row: String) -> Bool {
        row.hasSuffix("   ● connected") || row.contains("   ○ ")
    }

    @Test func theViewFitsAt40And80And200Columns() throws {
        let widths = [40, 80, 200]
        let sessions = try widths.map {
            try TmuxSession(width: $0, environment: environment, ["monitor", "--simulate", "--duration", "4"])
        }
        for (width, session) in zip(widths, sessions) {
            let live = session.waitFor { screen in
                screen.contains { $0.contains("● connected") } && screen.contains { $0.hasPrefix("fw 1.0") }
            }
            #expect(live != nil, "\(session.capture())")
            // Ten more redraws, or the end of its 4 s (the other widths' views ran meanwhile).
            #expect(session.awaitDrawings(10) || session.capture().contains("EXIT=0"), "\(session.capture())")
            checkFits(session, width: width)
            let done = session.waitFor { $0.contains("EXIT=0") }
            #expect(done != nil, "\(session.capture())")
            // The last view stays, once, with the shell's lines below it.
            checkFits(session, width: width)
        }
        // Force first: raw counts here (no calibration), with the notice above the view, not in it.
        let screen = sessions[1].capture()
        let headline = try #require(screen.firstIndex { $0.contains("   peak ") })
        #expect(screen[headline].hasPrefix(screen[headline].split(separator: " ")[0] + " raw   peak "))
        #expect(screen[..<headline].contains { $0.contains("no calibration for this device") })
    }

    /// One monitor, no end of its own (issue 32: one launch): each resize redraws the view to the
    /// new width with no copies left above it, then SIGTERM ends it with the terminal as it was.
    @Test func aResizeRedrawsToTheNewWidthWithoutCopiesAndSigtermRestoresTheTerminal() throws {
        let pidFile = cli.home + "/pid"
        let session = try TmuxSession(width: 100, environment: environment, pidFile: pidFile, ["monitor", "--simulate"])
        #expect(session.waitFor { $0.contains { $0.contains("● connected") } } != nil, "\(session.capture())")
        for width in [40, 200, 80] {
            session.resize(width: width)
            // Redrawn to the new width (the sparkline's row fills it), then settled: a few more redraws
            // before the next resize. (Resizes a redraw apart can leave copies of the view above it.)
            let redrawn = session.waitFor {
                $0.last { $0.hasPrefix("10 s ") }.map { $0.unicodeScalars.count > width - 8 && $0.unicodeScalars.count < width } == true
            }
            #expect(redrawn != nil && session.awaitDrawings(5), "redrawn at \(width): \(session.capture())")
            let screen = session.capture()
            #expect(screen.filter { $0.hasPrefix("10 s ") }.count == 1, "\(width): \(screen)")
            #expect(screen.filter(isHeadline).count == 1, "\(width): \(screen)")
            let view = screen.filter { $0.hasPrefix("10 s ") || isHeadline($0) || $0.hasPrefix("fw ") }
            #expect(view.allSatisfy { $0.unicodeScalars.count < width }, "\(width): \(view)")
            #expect(
                screen.first { $0.hasPrefix("10 s ") }.map { $0.unicodeScalars.count > width - 8 } == true,
                "drawn to the new width: \(screen)"
            )
        }
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        let done = try #require(
            session.waitFor { $0.contains { $0.hasPrefix("EXIT=") } && $0.joined(separator: " ").contains("icanon") },
            "\(session.capture())"
        )
        let settings = done.joined(separator: " ")
        #expect(settings.contains(" icanon") && !settings.contains("-icanon"), "\(done)")
        #expect(settings.contains(" echo ") && !settings.contains("-echo "), "\(done)")
    }

    @Test func keysTareAndQuitAndTheTerminalComesBack() throws {
        // Nothing on the handle: a loaded one is not tared at the first `t` (see below).
        let session = try TmuxSession(width: 80, environment: environment, ["monitor", "--simulate", "--load", "0kg"])
        #expect(session.waitFor { $0.contains { $0.contains("● connected") } } != nil, "\(session.capture())")
        session.send("t")
        #expect(session.waitFor { $0.contains { $0.hasSuffix(" tared") } } != nil, "\(session.capture())")
        session.send("p")
        session.send("q")
        // `stty -a` prints after EXIT=: wait for its lines too.
        let done = try #require(
            session.waitFor { $0.contains("EXIT=0") && $0.joined(separator: " ").contains("icanon") },
            "\(session.capture())"
        )
        let settings = done.joined(separator: " ")
        #expect(settings.contains(" icanon") && !settings.contains("-icanon"), "\(done)")
        #expect(settings.contains(" echo ") && !settings.contains("-echo "), "\(done)")
        #expect(done.filter { $0.contains("   peak ") }.count == 1)
    }

    @Test func protocolRestCountsDownInPlaceAndForceShowsLive() throws {
        let session = try TmuxSession(
            width: 80,
            environment: environment,
            // On the simulator's clock, five times faster: the 10 s rest takes 2 s, long enough to see it count.
            ["record", "--simulate", "--speed", "5", "--protocol", "standard", "--trials", "1", "--rest", "10"]
        )
        let squeezing = session.waitFor(seconds: 30) { $0.contains { $0.hasPrefix("● ") && $0.contains("   peak ") } }
        #expect(squeezing != nil, "live force during the trial: \(session.capture())")
        let resting = try #require(session.waitFor(seconds: 30) { $0.contains { $0.hasPrefix("rest: ") } }, "\(session.capture())")
        #expect(resting.filter { $0.hasPrefix("rest: ") }.count == 1)
        let first = resting.first { $0.hasPrefix("rest: ") }
        let later = session.waitFor { $0.first { $0.hasPrefix("rest: ") } != first } ?? session.capture()
        #expect(later.filter { $0.hasPrefix("rest: ") }.count <= 1, "one line, updated in place: \(later)")
        #expect(later.first { $0.hasPrefix("rest: ") } != first)
        let done = try #require(session.waitFor(seconds: 40) { $0.contains("EXIT=0") }, "\(session.capture())")
        #expect(done.contains { $0.hasPrefix("left/right difference:") })
        #expect(!done.contains { $0.hasPrefix("rest: ") }, "the countdown is cleared when the trial starts")
    }
}
