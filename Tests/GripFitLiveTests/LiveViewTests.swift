import GripFitCore
import GripFitLive
import GripFitOutput
import Testing

struct LiveViewTests {
    private func view(calibrated: Bool = true, firmware: String? = "1.0") -> (LiveView, MonotonicInstant) {
        var view = LiveView(
            start: .zero,
            scale: LiveView.Scale(unit: calibrated ? "kg" : "raw", decimals: 2, calibrated: calibrated)
        )
        view.linkChanged(.connected)
        view.firmware = firmware
        var now = MonotonicInstant.zero
        for index in 0..<150 {
            now = now + .milliseconds(100)
            let force = index % 40 < 20 ? Double(index % 40) * 2 : 0
            view.reading(raw: Int32(834_000 + Int(force * 20_000)), force: calibrated ? force : 834_000 + force * 20_000, at: now)
        }
        return (view, now)
    }

    @Test func everyLineFitsEveryWidth() {
        for calibrated in [true, false] {
            let (view, now) = view(calibrated: calibrated, firmware: "固件版本😀\\x1b[31m")
            for width in 1...220 {
                let lines = view.lines(width: width, now: now)
                #expect(lines.count == 3)
                for line in lines {
                    #expect(TerminalText.columns(line) <= max(1, width - 1), "width \(width): \(line)")
                }
            }
        }
    }

    @Test func forceComesFirstThenPeakElapsedAndLink() {
        let (view, now) = view()
        let headline = view.lines(width: 80, now: now)[0]
        #expect(headline.hasPrefix("\(view.force!.formatted(decimals: 2)) kg   peak 38.00 kg   0:15   ● connected"))
    }

    @Test func aNarrowWindowDropsTheClockThenThePeakButKeepsTheLink() {
        for calibrated in [true, false] {
            let (view, now) = view(calibrated: calibrated)
            let force = view.lines(width: 200, now: now)[0].components(separatedBy: "   ")[0]
            #expect(view.lines(width: 40, now: now)[0].hasSuffix("● connected"))
            #expect(!view.lines(width: 40, now: now)[0].contains("0:15"))
            #expect(view.lines(width: 26, now: now)[0] == "\(force)   ● connected")
        }
    }

    @Test func sparklineCoversTheLastTenSecondsOnAFixedScale() {
        let (view, now) = view()
        let line = view.lines(width: 200, now: now)[1]
        #expect(line.hasPrefix("10 s 0.00 kg–40.00 kg "))
        let bars = line.dropFirst("10 s 0.00 kg–40.00 kg ".count)
        #expect(bars.contains("█") && bars.contains("▁"))
        #expect(!bars.dropFirst().contains(" "), "ten seconds of readings fill the columns: \(line)")
    }

    @Test func aNegativeForceIsOnTheScaleNotPinnedUnderAZeroLabel() {
        var view = LiveView(start: .zero, scale: LiveView.Scale(unit: "kg", decimals: 2, calibrated: true))
        var now = MonotonicInstant.zero
        // Tared under 31 kg, then let go: -31 kg, then a squeeze back up to 20 kg.
        for force in [Double](repeating: -31, count: 50) + [Double](repeating: 20, count: 50) {
            now = now + .milliseconds(100)
            view.reading(raw: 0, force: force, at: now)
        }
        let line = view.lines(width: 120, now: now)[1]
        #expect(line.hasPrefix("10 s -40.00 kg–20.00 kg "), "\(line)")
        let bars = line.dropFirst("10 s -40.00 kg–20.00 kg ".count)
        // -31 kg sits above the bottom (-40), 20 kg at the top.
        #expect(bars.first.map { $0 != "▁" && $0 != "█" } == true && bars.last == "█", "\(line)")
    }

    @Test func resetPeakStartsAgain() {
        var (view, now) = view()
        view.resetPeak()
        #expect(view.lines(width: 80, now: now)[0].contains("peak –"))
        now = now + .milliseconds(100)
        view.reading(raw: 900_000, force: 3.3, at: now)
        #expect(view.lines(width: 80, now: now)[0].contains("peak 3.30 kg"))
    }
}
