import GripFitCore

/// `ready`: the sensor is operational: `S:READY` seen, or at least readings and no `S:NOT_READY`.
/// Waits for the first sign either way, up to the handshake bound, so it works as the first case.
struct ReadyProbe: ConformanceProbe {
    let kind = ConformanceCase.ready
    let settings: ConformanceSettings
    private var deadline = MonotonicInstant.zero
    private var readingSeen = false

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        switch event {
        case .start: deadline = (observed.lastConnectedAt ?? now) + settings.handshakeBound
        case .report(.message(.reading)): readingSeen = true
        default: break
        }
        guard observed.readySeen || observed.notReadySeen > 0 || readingSeen || now >= deadline else { return .running }
        let figures = [
            Figure("ready_seen", text: observed.readySeen ? "yes" : "no"),
            Figure("not_ready", Double(observed.notReadySeen)),
        ]
        if observed.notReadySeen > 0 {
            return .finished(
                .failed(
                    "S:NOT_READY: the HX711 load-cell amplifier does not respond (check the sensor wiring, or "
                        + "power-cycle the GripFit)"
                ),
                figures
            )
        }
        if !observed.readySeen, !readingSeen {
            return .finished(
                .failed(
                    "neither S:READY nor a reading within \(Int(settings.handshakeBound.milliseconds)) ms of "
                        + "connecting"
                ),
                figures
            )
        }
        return .finished(.passed, figures)
    }
}
