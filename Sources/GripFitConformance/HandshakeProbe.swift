import GripFitCore

/// `handshake`: `D:GRIPFIT,<ver>` within the bound of the link coming up (sent on connect, or in
/// reply to the host's own CMD:INFO when the host joined an established link), and again when asked.
struct HandshakeProbe: ConformanceProbe {
    let kind = ConformanceCase.handshake
    let settings: ConformanceSettings
    private var connectedAt = MonotonicInstant.zero
    private var asking: PendingCommand?
    private var figures: [Figure] = []

    init(settings: ConformanceSettings) {
        self.settings = settings
    }

    mutating func handle(_ event: ProbeEvent, at now: MonotonicInstant, observed: RunObservations) -> ProbeStep {
        if event == .start { connectedAt = observed.lastConnectedAt ?? now }
        guard let asking else { return awaitGreeting(now, observed) }
        guard let outcome = asking.outcome(of: event, at: now) else { return .running }
        switch outcome {
        case .succeeded:
            figures.append(Figure("info_reply", milliseconds: now - asking.sentAt))
            let problems = versionProblems(observed)
            return .finished(problems.isEmpty ? .passed : .failed(problems.joined(separator: "; ")), figures)
        case .failed(let failure):
            let reason = PendingCommand.describe(failure, of: asking.command, expecting: "D:GRIPFIT,<ver>")
            return .finished(.failed(reason), figures)
        }
    }

    /// The versions reported against those `--expect-firmware` and `--expect-bridge` asked for, and
    /// the bridge's against ``BridgeFirmwareGate``: one older than required fails (sessions refuse it).
    private mutating func versionProblems(_ observed: RunObservations) -> [String] {
        var problems: [String] = []
        if let reported = observed.bridgeVersion {
            let verdict = BridgeFirmwareGate.verdict(for: reported)
            figures.append(Figure("bridge_update", text: verdict.name))
            if verdict == .updateRequired, let advice = BridgeFirmwareGate.advice(for: reported, escaped: reported) {
                problems.append(advice)
            }
        }
        if let expected = settings.expectedFirmware {
            figures.append(Figure("expected_version", text: expected))
            if observed.firmware != expected {
                problems.append(
                    "the GripFit reports firmware \(observed.firmware ?? ""), expected \(expected)"
                )
            }
        }
        if let expected = settings.expectedBridge {
            figures.append(Figure("bridge_version", text: observed.bridgeVersion ?? "none"))
            figures.append(Figure("expected_bridge_version", text: expected))
            if let reported = observed.bridgeVersion {
                if reported != expected {
                    problems.append("the bridge reports version \(reported), expected \(expected)")
                }
            } else {
                problems.append("no B:BRIDGE,<ver> seen (a plain relay?), expected bridge \(expected)")
            }
        }
        return problems
    }

    private mutating func awaitGreeting(_ now: MonotonicInstant, _ observed: RunObservations) -> ProbeStep {
        if let greeted = observed.lastDeviceInfoAt, greeted >= connectedAt {
            let delay = greeted - connectedAt
            figures.append(Figure("version", text: observed.firmware ?? ""))
            figures.append(Figure("connect_to_device_info", milliseconds: delay))
            if delay > settings.handshakeBound {
                return .finished(
                    .failed(
                        "D: came \(Int(delay.milliseconds)) ms after connecting; the bound is "
                            + "\(Int(settings.handshakeBound.milliseconds)) ms"
                    ),
                    figures
                )
            }
            asking = PendingCommand(.device(.info), at: now, bound: settings.commandBound)
            return .running(send: [.device(.info)])
        }
        if now >= connectedAt + settings.handshakeBound {
            return .finished(.failed("no D:GRIPFIT,<ver> within \(Int(settings.handshakeBound.milliseconds)) ms of connecting"), figures)
        }
        return .running
    }
}
