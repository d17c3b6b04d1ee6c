import GripFitCore

/// A whole `check`: waits for the link, then runs the chosen cases one after another over one
/// session, relaying each report to the active case and collecting the verdicts. Pure: the runner
/// feeds it reports and ticks and submits the commands it returns.
public struct ConformanceRun: Sendable {
    public let settings: ConformanceSettings
    public private(set) var observations = RunObservations()
    public private(set) var results: [CaseResult] = []
    /// True when the link never came up within ``linkBound``: nothing could be checked.
    public private(set) var linkNeverCameUp = false

    /// Scan (10 s) and connect (5 s) timeouts with room for one retry of the scan's backoff.
    public static let linkBound: Duration = .seconds(25)

    private var pending: [any ConformanceProbe]
    private var current: (probe: any ConformanceProbe, startedAt: MonotonicInstant)?
    private var linkDeadline: MonotonicInstant?
    private var started = false

    /// The cases run in ``ConformanceCase`` order whatever order they are given in.
    public init(cases: some Sequence<ConformanceCase>, settings: ConformanceSettings = ConformanceSettings()) {
        self.settings = settings
        let chosen = Set(cases)
        pending = ConformanceCase.allCases.filter(chosen.contains).map { Self.probe(for: $0, settings) }
    }

    public var isFinished: Bool {
        linkNeverCameUp || (started && current == nil && pending.isEmpty)
    }

    public mutating func begin(at now: MonotonicInstant) {
        linkDeadline = now + Self.linkBound
    }

    public mutating func handle(_ report: LinkReport, at now: MonotonicInstant) -> [Command] {
        observations.observe(report, at: now)
        if !started { return startIfConnected(now) }
        return drive(.report(report), now)
    }

    public mutating func tick(at now: MonotonicInstant) -> [Command] {
        if !started {
            if let linkDeadline, now >= linkDeadline, observations.firstConnectedAt == nil { linkNeverCameUp = true }
            return startIfConnected(now)
        }
        return drive(.tick, now)
    }

    private mutating func startIfConnected(_ now: MonotonicInstant) -> [Command] {
        guard !linkNeverCameUp, observations.isConnected else { return [] }
        started = true
        return startNext(now)
    }

    private mutating func startNext(_ now: MonotonicInstant) -> [Command] {
        guard !pending.isEmpty else { return [] }
        current = (pending.removeFirst(), now)
        return drive(.start, now)
    }

    private mutating func drive(_ event: ProbeEvent, _ now: MonotonicInstant) -> [Command] {
        guard let (active, startedAt) = current else { return [] }
        var probe = active
        let step = probe.handle(event, at: now, observed: observations)
        switch step {
        case .running(let commands):
            current = (probe, startedAt)
            return commands
        case .finished(let verdict, let figures):
            current = nil
            results.append(CaseResult(kind: probe.kind, verdict: verdict, figures: figures, duration: now - startedAt))
            return startNext(now)
        }
    }

    private static func probe(for kind: ConformanceCase, _ settings: ConformanceSettings) -> any ConformanceProbe {
        switch kind {
        case .handshake: HandshakeProbe(settings: settings)
        case .ready: ReadyProbe(settings: settings)
        case .defaultRate: DefaultRateProbe(settings: settings)
        case .setRate: SetRateProbe(settings: settings)
        case .tare: TareProbe(settings: settings)
        case .ping: PingProbe(settings: settings)
        case .reconnect: ReconnectProbe(settings: settings)
        case .format: FormatProbe(settings: settings)
        }
    }
}
