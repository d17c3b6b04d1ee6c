/// The force–time measures of one trial, from its recorded readings at their own times. The grip is
/// the rep that holds the trial's peak (``GripAnalysis``: from the first reading above the rep
/// threshold to the last before the force fell below its exit level); its onset is that first reading.
/// Nothing is interpolated between readings and nothing is measured across a link gap: a measure
/// whose readings a gap (or the start or end of the recording) cuts is ``Measure/unavailable(_:)``
/// with the reason, never a number made up for the missing stretch. Definitions are in docs/sessions.md.
public struct TrialMeasures: Equatable, Sendable {
    /// A measure's value, or why the trace cannot give one.
    public enum Measure: Equatable, Sendable {
        case value(Double)
        case unavailable(String)

        public var value: Double? {
            if case .value(let value) = self { value } else { nil }
        }

        public var reason: String? {
            if case .unavailable(let reason) = self { reason } else { nil }
        }
    }

    /// Onset to the peak reading, in seconds.
    public var timeToPeak: Measure
    /// Onset to the first reading at or above ``riseFraction`` of the peak, in seconds.
    public var timeTo80: Measure
    /// The steepest rise between a reading and the first one at least ``rfdWindow`` later, with no
    /// gap between them (``GripAnalysis/peakRFD(_:brokenAfter:window:)``), in force per second.
    public var peakRFD: Measure
    /// The window of ``peakRFD``, in seconds.
    public var rfdWindow: Double
    /// The mean of the held part's readings: the unbroken run of readings at or above
    /// ``heldFraction`` of the peak that holds the peak reading.
    public var plateauForce: Measure
    /// The held part's population SD over its mean, in %.
    public var plateauCV: Measure
    /// The held part's first to last reading, in seconds.
    public var heldDuration: Measure
    /// How fast the grip lets go: from the last reading at or above ``riseFraction`` of the peak
    /// after the peak to the first reading after it at or below ``releaseFraction`` of the peak, the
    /// force lost over the time between those two readings, in force per second (positive).
    public var releaseRate: Measure
    /// The grip's force–time integral (trapezoids between its readings), in force times seconds.
    public var impulse: Measure

    /// Time to 80 %, and where the release is measured from.
    public static let riseFraction = 0.8
    /// The held part: readings at or above 90 % of the peak.
    public static let heldFraction = 0.9
    /// Where the release is measured to.
    public static let releaseFraction = 0.2

    /// The measures of `samples` (one trial, in seconds since its start), with the rep threshold,
    /// exit fraction and RFD window of `options`.
    public static func measure(_ samples: [ForceSample], gaps: [TraceGap] = [], options: AnalysisOptions) -> TrialMeasures {
        let summary = GripAnalysis.analyze(samples, gaps: gaps, options: options)
        let broken = GripAnalysis.gapBoundaries(samples, gaps)
        let rfd = Measure.value(summary.peakRFD)
        guard let rep = summary.reps.first(where: { $0.start <= summary.peakTime && summary.peakTime <= $0.end }),
            let first = samples.firstIndex(where: { $0.time == rep.start })
        else {
            let none = Measure.unavailable("no grip: no reading rose above the rep threshold")
            return TrialMeasures(
                timeToPeak: none,
                timeTo80: none,
                peakRFD: rfd,
                rfdWindow: options.rfdWindow,
                plateauForce: none,
                plateauCV: none,
                heldDuration: none,
                releaseRate: none,
                impulse: none
            )
        }
        let last = first + rep.sampleCount - 1
        let peakIndex = (first...last).first { samples[$0].value == rep.peak } ?? first
        let peak = rep.peak
        func time(_ from: Int, _ to: Int) -> Double { samples[to].time - samples[from].time }

        // The onset is seen only when the reading before it was below the threshold, with no gap between.
        let onsetUnseen: String? =
            first == 0
            ? "the recording began during the grip" : broken[first - 1] ? "the grip began during a link gap" : nil
        // The grip's end is seen only when a reading fell below the exit level.
        let endUnseen: String? =
            !rep.interrupted ? nil : broken[last] ? "a link gap cut the grip short" : "the recording ended during the grip"

        let rise = (first...peakIndex).first { samples[$0].value >= riseFraction * peak } ?? peakIndex
        let timeToPeak = onsetUnseen.map(Measure.unavailable) ?? .value(time(first, peakIndex))
        let timeTo80 = onsetUnseen.map(Measure.unavailable) ?? .value(time(first, rise))

        var low = peakIndex
        while low > first, samples[low - 1].value >= heldFraction * peak { low -= 1 }
        var high = peakIndex
        while high < last, samples[high + 1].value >= heldFraction * peak { high += 1 }
        let cut = (low == first ? onsetUnseen : nil) ?? (high == last ? endUnseen : nil)
        let (plateauForce, plateauCV, heldDuration) = held(samples, low...high, cut: cut)

        return TrialMeasures(
            timeToPeak: timeToPeak,
            timeTo80: timeTo80,
            peakRFD: rfd,
            rfdWindow: options.rfdWindow,
            plateauForce: plateauForce,
            plateauCV: plateauCV,
            heldDuration: heldDuration,
            releaseRate: release(samples, broken: broken, peakIndex: peakIndex, peak: peak),
            impulse: (onsetUnseen ?? endUnseen).map(Measure.unavailable) ?? .value(rep.impulse)
        )
    }

    /// ``plateauForce``, ``plateauCV`` and ``heldDuration`` of the held readings `span`, unavailable
    /// for the reason `cut` when a gap or the recording's edge cut the span.
    private static func held(_ samples: [ForceSample], _ span: ClosedRange<Int>, cut: String?) -> (Measure, Measure, Measure) {
        if let reason = cut ?? (span.count < 2 ? "held for one reading only (none other at or above 90 % of the peak)" : nil) {
            return (.unavailable(reason), .unavailable(reason), .unavailable(reason))
        }
        let held = samples[span].map(\.value)
        let mean = held.reduce(0, +) / Double(held.count)
        let sd = (held.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(held.count)).squareRoot()
        let duration = samples[span.upperBound].time - samples[span.lowerBound].time
        let cv: Measure = mean > 0 ? .value(sd / mean * 100) : .unavailable("the held part's mean force is not above zero")
        return (.value(mean), cv, .value(duration))
    }

    /// ``releaseRate``: walks on from the peak past the grip's end if need be, but never over a gap.
    private static func release(_ samples: [ForceSample], broken: [Bool], peakIndex: Int, peak: Double) -> Measure {
        var from = peakIndex
        while from + 1 < samples.count, samples[from + 1].value >= riseFraction * peak {
            if broken[from] { return .unavailable("a link gap during the release") }
            from += 1
        }
        var to = from
        while to < samples.count, to == from || samples[to].value > releaseFraction * peak {
            if broken[to] { return .unavailable("a link gap during the release") }
            to += 1
        }
        guard to < samples.count else { return .unavailable("the recording ended before the force fell to 20 % of the peak") }
        return .value((samples[from].value - samples[to].value) / (samples[to].time - samples[from].time))
    }

    public init(
        timeToPeak: Measure,
        timeTo80: Measure,
        peakRFD: Measure,
        rfdWindow: Double,
        plateauForce: Measure,
        plateauCV: Measure,
        heldDuration: Measure,
        releaseRate: Measure,
        impulse: Measure
    ) {
        self.timeToPeak = timeToPeak
        self.timeTo80 = timeTo80
        self.peakRFD = peakRFD
        self.rfdWindow = rfdWindow
        self.plateauForce = plateauForce
        self.plateauCV = plateauCV
        self.heldDuration = heldDuration
        self.releaseRate = releaseRate
        self.impulse = impulse
    }
}
