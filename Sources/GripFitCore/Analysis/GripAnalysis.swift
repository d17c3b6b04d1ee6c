/// The metrics force-gauge users expect (peak, mean, time to peak, RFD, impulse, reps), computed
/// from a finished trace. Readings on either side of a link gap are never joined: no integral, rep
/// or slope crosses a gap.
public enum GripAnalysis {
    public static func analyze(
        _ samples: [ForceSample],
        gaps: [TraceGap] = [],
        options: AnalysisOptions = AnalysisOptions()
    )
        -> SessionSummary
    {
        let gapDuration = gaps.reduce(0.0) { $0 + max(0, $1.end - $1.start) }
        guard let first = samples.first, let last = samples.last else {
            return SessionSummary(
                peak: 0,
                peakTime: 0,
                mean: 0,
                duration: 0,
                activeDuration: 0,
                timeToPeak: 0,
                peakRFD: 0,
                impulse: 0,
                reps: [],
                sampleCount: 0,
                gapCount: gaps.count,
                gapDuration: gapDuration,
                threshold: 0
            )
        }
        let brokenAfter = gapBoundaries(samples, gaps)
        var peakSample = first
        for sample in samples where sample.value > peakSample.value { peakSample = sample }
        let threshold = options.threshold.resolved(peak: peakSample.value)

        var detector = RepDetector(threshold: threshold, exitFraction: options.exitFraction)
        var reps: [RepSummary] = []
        for (index, sample) in samples.enumerated() {
            if let rep = detector.add(sample) { reps.append(rep) }
            if brokenAfter[index], let rep = detector.interrupt() { reps.append(rep) }
        }
        if let rep = detector.interrupt() { reps.append(rep) }

        let activeCount = reps.reduce(0) { $0 + $1.sampleCount }
        let activeSum = reps.reduce(0.0) { $0 + $1.mean * Double($1.sampleCount) }
        let peakRep = reps.first { $0.start <= peakSample.time && peakSample.time <= $0.end }
        return SessionSummary(
            peak: peakSample.value,
            peakTime: peakSample.time,
            mean: activeCount > 0 ? activeSum / Double(activeCount) : 0,
            duration: last.time - first.time,
            activeDuration: reps.reduce(0.0) { $0 + $1.duration },
            timeToPeak: peakSample.time - (peakRep?.start ?? first.time),
            peakRFD: peakRFD(samples, brokenAfter: brokenAfter, window: options.rfdWindow),
            impulse: reps.reduce(0.0) { $0 + $1.impulse },
            reps: reps,
            sampleCount: samples.count,
            gapCount: gaps.count,
            gapDuration: gapDuration,
            threshold: threshold
        )
    }

    /// The steepest rise between a reading and the first one at least `window` later (10 % slack
    /// for clock jitter), over pairs with no gap between them.
    public static func peakRFD(_ samples: [ForceSample], brokenAfter: [Bool], window: Double) -> Double {
        guard window > 0 else { return 0 }
        var best = 0.0
        var end = 0
        // The first reading at or after `start` with a gap after it: both only move forward, so a
        // window holding many readings (an imported trace) is not scanned again for every start.
        var nextBreak = 0
        for start in samples.indices {
            end = max(end, start + 1)
            while end < samples.count, samples[end].time - samples[start].time < window * 0.9 { end += 1 }
            guard end < samples.count else { break }
            nextBreak = max(nextBreak, start)
            while nextBreak < end, !brokenAfter[nextBreak] { nextBreak += 1 }
            if nextBreak < end { continue }
            let elapsed = samples[end].time - samples[start].time
            best = max(best, (samples[end].value - samples[start].value) / elapsed)
        }
        return best
    }

    /// For each reading, whether a gap starts before the next one.
    public static func gapBoundaries(_ samples: [ForceSample], _ gaps: [TraceGap]) -> [Bool] {
        var broken = [Bool](repeating: false, count: samples.count)
        guard !gaps.isEmpty else { return broken }
        // Sorted starts and a binary search per sample, not every gap for every sample: an imported
        // session may hold millions of both.
        let starts = gaps.map(\.start).sorted()
        for index in samples.indices {
            let here = samples[index].time
            let next = index + 1 < samples.count ? samples[index + 1].time : Double.infinity
            let first = firstIndex(in: starts, notBelow: here)
            broken[index] = !here.isNaN && first < starts.count && starts[first] < next
        }
        return broken
    }

    /// The first index of sorted `values` whose value is at least `bound`; `values.count` if none is.
    private static func firstIndex(in values: [Double], notBelow bound: Double) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = low + (high - low) / 2
            if values[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
