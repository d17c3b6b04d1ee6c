import GripFitCore

/// What every case may rely on, gathered from all reports of the run whichever case is active.
public struct RunObservations: Equatable, Sendable {
    /// When the link first came up, and when it last did.
    public private(set) var firstConnectedAt: MonotonicInstant?
    public private(set) var lastConnectedAt: MonotonicInstant?
    /// When a `D:` last arrived, and what it said.
    public private(set) var lastDeviceInfoAt: MonotonicInstant?
    public private(set) var firmware: String?
    public private(set) var bridgeVersion: String?
    public private(set) var behindBridge = false
    public private(set) var readySeen = false
    public private(set) var notReadySeen = 0
    /// Every line the host received: parsed ones and bad ones.
    public private(set) var linesSeen = 0
    public private(set) var badLines = 0
    /// The first few bad lines, raw, for the report (untrusted).
    public private(set) var badLineSamples: [[UInt8]] = []
    /// `B:ERROR,DATA_LOST` reports: device lines lost inside the bridge, never seen as lines.
    public private(set) var dataLosses = 0
    public private(set) var lastError: LinkErrorKind?
    public private(set) var isConnected = false

    static let sampleLimit = 3

    public init() {}

    public mutating func observe(_ report: LinkReport, at now: MonotonicInstant) {
        switch report {
        case .state(let state):
            isConnected = state == .connected
            if state == .connected {
                if firstConnectedAt == nil { firstConnectedAt = now }
                lastConnectedAt = now
            }
            if case .error(let kind) = state { lastError = kind }
        case .message(let message):
            linesSeen += 1
            switch message {
            case .device(let info):
                lastDeviceInfoAt = now
                firmware = info.firmware
            case .status(.ready):
                readySeen = true
            case .status(.notReady):
                notReadySeen += 1
            case .bridge(let event):
                behindBridge = true
                if case .hello(let version) = event { bridgeVersion = version }
            case .unknown(let line):
                countBad(Array(line.utf8))
            case .reading, .status:
                break
            }
        case .warning(let warning) where warning.isBadLine:
            linesSeen += 1
            countBad(warning.raw)
        case .warning(let warning) where warning.reason == .dataLost:
            dataLosses += 1
        case .warning, .commandFinished:
            break
        }
    }

    private mutating func countBad(_ raw: [UInt8]) {
        badLines += 1
        if badLineSamples.count < Self.sampleLimit { badLineSamples.append(raw) }
    }
}
