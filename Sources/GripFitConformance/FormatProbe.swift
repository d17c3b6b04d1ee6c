import GripFitCore

/// `format`: every line received during the run parses. Judged last, over the whole run; on its
/// own it first watches the stream for one sampling window.
struct FormatProbe: ConformanceProbe {
    let kind = ConformanceCase.format
    let settings: ConformanceSettings

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        guard now >= (observed.firstConnectedAt ?? now) + settings.samplingWindow else { return .running }
        // Lines the bridge lost were never received, so they cannot be malformed; they are counted apart.
        let figures = [
            Figure("lines", Double(observed.linesSeen)), Figure("malformed", Double(observed.badLines)),
            Figure("data_lost", Double(observed.dataLosses)),
        ]
        guard observed.badLines == 0 else {
            // Raw, as text (an invalid UTF-8 byte as U+FFFD): each report escapes it for its own format.
            let examples = observed.badLineSamples.map { "\"\(String(decoding: $0, as: UTF8.self))\"" }.joined(separator: ", ")
            return .finished(.failed("\(observed.badLines) of \(observed.linesSeen) lines did not parse, e.g. \(examples)"), figures)
        }
        return .finished(.passed, figures)
    }
}
