/// Holds a recording in memory while it runs (spec §3.4: no per-reading writes) and notes what the
/// store needs afterwards: device identity, firmware and bridge versions, link gaps. Fed the same reports as every
/// other consumer.
public struct SessionRecorder: Sendable {
    public enum Event: Equatable, Sendable {
        /// A squeeze ended; `record --until-release` stops here.
        case released(RepSummary)
        /// The capacity is reached; the recording must stop to stay bounded.
        case full
    }

    public let start: MonotonicInstant
    public let capacity: Int
    public private(set) var trace = RawTrace()
    /// The last `D:` and `B:BRIDGE` versions seen before or during the recording.
    public private(set) var firmware: String?
    public private(set) var bridgeVersion: String?
    public private(set) var deviceAddress: BLEAddress?

    private var calibration: Calibration?
    private var detector: RepDetector?
    private var linkUp = false
    private var openGap: Int64?

    /// An hour at the fastest rate the device allows (20 ms).
    public static let defaultCapacity = 180_000

    /// `releaseThreshold`, in kilograms when calibrated and otherwise in counts above the first
    /// reading (an untared sensor sits far from zero), turns on live rep detection for `--until-release`.
    public init(
        start: MonotonicInstant,
        calibration: Calibration?,
        releaseThreshold: Double? = nil,
        capacity: Int = defaultCapacity,
        firmware: String? = nil,
        bridgeVersion: String? = nil
    ) {
        self.start = start
        self.firmware = firmware
        self.bridgeVersion = bridgeVersion
        self.calibration = calibration
        self.capacity = capacity
        self.detector = releaseThreshold.map { RepDetector(threshold: $0) }
    }

    public var isFull: Bool { trace.samples.count >= capacity }

    public mutating func record(_ report: LinkReport, at now: MonotonicInstant) -> Event? {
        let micros = (now - start).nanoseconds / 1_000
        switch report {
        case .message(.reading(let raw)):
            guard !isFull else { return .full }
            linkCameUp(micros)
            trace.samples.append(RawSample(micros: micros, raw: raw))
            if var detector {
                let zeroed = calibration ?? Calibration(offset: Double(raw), countsPerKilogram: 1)
                calibration = zeroed
                let value = zeroed.kilograms(raw: raw)
                let rep = detector.add(ForceSample(time: Double(micros) / 1e6, value: value))
                self.detector = detector
                if let rep { return .released(rep) }
            }
            return isFull ? .full : nil
        case .message(.device(let info)):
            firmware = info.firmware
        case .message(.bridge(.hello(let version))):
            bridgeVersion = version
        case .message(.bridge(.connected(let address))), .message(.bridge(.connecting(let address))):
            deviceAddress = address
        case .message(.bridge(.status(_, let address?))):
            deviceAddress = address
        case .state(.connected):
            linkCameUp(micros)
        case .state:
            linkWentDown(micros)
        case .warning(let warning) where warning.reason == .dataLost:
            readingsLost()
        case .message, .warning, .commandFinished:
            break
        }
        return nil
    }

    /// Closes an open gap at the end of the recording; call once when stopping.
    public mutating func finish(at now: MonotonicInstant) -> RawTrace {
        if let openGap {
            trace.gaps.append(TraceGap(startMicros: openGap, endMicros: max(openGap, (now - start).nanoseconds / 1_000)))
            self.openGap = nil
        }
        return trace
    }

    private mutating func linkCameUp(_ micros: Int64) {
        linkUp = true
        if let openGap {
            trace.gaps.append(TraceGap(startMicros: openGap, endMicros: micros))
            self.openGap = nil
        }
    }

    /// The bridge lost readings since the last one: the gap runs from it to the next one.
    private mutating func readingsLost() {
        guard linkUp, openGap == nil, let last = trace.samples.last else { return }
        openGap = last.micros
        _ = detector?.interrupt()
    }

    private mutating func linkWentDown(_ micros: Int64) {
        // Only a link that carried readings can lose them; the initial connect is not a gap.
        guard linkUp, !trace.samples.isEmpty else { return }
        linkUp = false
        openGap = micros
        _ = detector?.interrupt()
    }
}
