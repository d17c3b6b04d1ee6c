import GripFitCore

/// Someone who squeezes when a guided protocol cues them (`--person`), so every protocol runs on
/// the simulator with answers known in advance: told to squeeze with a hand, they wait `reaction`
/// seconds, rise linearly to that hand's next scripted peak over `rise` seconds, hold it for `hold`
/// seconds while it fades by `fade` per cent of the peak per second, then let go at `release`
/// kilograms per second down to nothing. They act on the cue itself (``cue(_:slot:atSecond:)``),
/// not on a timetable, so a protocol's rests, settling and re-offered attempts never put them out
/// of step. Times are the simulator's seconds (sped up by `--speed` like every other simulated time).
public struct SimulatedPerson: Sendable {
    /// Peaks in kilograms per hand, in the order that hand's trials are cued (practice trials first).
    public var peaks: [Hand: [Double]]
    public var reaction = 0.5
    public var rise = 0.5
    public var hold = 1.5
    /// Per cent of the peak lost per second of the hold (0: a flat plateau).
    public var fade = 0.0
    /// Kilograms per second while letting go.
    public var release = 100.0

    /// The squeeze under way: when it starts rising (the simulator's seconds) and its peak.
    private var squeeze: (start: Double, peak: Double)?

    public init(peaks: [Hand: [Double]]) {
        self.peaks = peaks
    }

    /// The peak scripted for `hand`'s `slot`-th trial (1-based), or its last one when the script is
    /// shorter; nil when the script has none for that hand (the person does not squeeze).
    public func peak(_ hand: Hand, slot: Int) -> Double? {
        guard let list = peaks[hand], !list.isEmpty else { return nil }
        return list[min(max(slot, 1), list.count) - 1]
    }

    /// The cue to squeeze with `hand` for its `slot`-th trial came at `seconds`.
    public mutating func cue(_ hand: Hand, slot: Int, atSecond seconds: Double) {
        squeeze = peak(hand, slot: slot).map { (seconds + reaction, $0) }
    }

    /// The force the person puts on the handle at `seconds`.
    public func kilograms(atSecond seconds: Double) -> Double {
        guard let squeeze else { return 0 }
        let t = seconds - squeeze.start
        if t <= 0 { return 0 }
        if t < rise { return squeeze.peak * t / rise }
        let held = min(t - rise, hold)
        let force = max(0, squeeze.peak * (1 - fade / 100 * held))
        let letting = t - rise - hold
        guard letting > 0 else { return force }
        return max(0, force - release * letting)
    }
}
