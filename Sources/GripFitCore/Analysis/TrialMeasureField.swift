/// One figure of ``TrialMeasures``, described once: its key, label, what it is in and how it is
/// printed, so `show`, the report, the exports and FHIR walk ``allCases`` instead of naming each.
public enum TrialMeasureField: String, CaseIterable, Sendable {
    case timeToPeak = "time_to_peak"
    case timeTo80 = "time_to_80"
    case peakRFD = "peak_rfd"
    case plateauForce = "plateau_force"
    case plateauCV = "plateau_cv"
    case heldDuration = "held_duration"
    case releaseRate = "release_rate"
    case impulse

    /// What a figure is in, so each output converts and names it.
    public enum Kind: Sendable {
        case seconds
        /// In the trial's force unit.
        case force
        /// Force per second.
        case rate
        /// Force times seconds.
        case impulse
        case percent
    }

    public var kind: Kind {
        switch self {
        case .timeToPeak, .timeTo80, .heldDuration: .seconds
        case .plateauForce: .force
        case .peakRFD, .releaseRate: .rate
        case .impulse: .impulse
        case .plateauCV: .percent
        }
    }

    /// How `show` and the report name it.
    public var label: String {
        switch self {
        case .timeToPeak: "time to peak"
        case .timeTo80: "time to 80 %"
        case .peakRFD: "peak RFD"
        case .plateauForce: "plateau force"
        case .plateauCV: "plateau CV"
        case .heldDuration: "held"
        case .releaseRate: "release rate"
        case .impulse: "impulse"
        }
    }

    /// Digits after the point where it is printed.
    public var decimals: Int {
        switch kind {
        case .seconds: 2
        case .force, .impulse, .percent: 1
        case .rate: 0
        }
    }

    /// The export's key with its unit: `time_to_peak_s`, `plateau_force_kg`, `peak_rfd_kg_per_s`,
    /// `impulse_kg_s`, `plateau_cv_pct`, for `unit` kg.
    public func key(unit: String) -> String {
        switch kind {
        case .seconds: rawValue + "_s"
        case .force: rawValue + "_" + unit
        case .rate: rawValue + "_\(unit)_per_s"
        case .impulse: rawValue + "_\(unit)_s"
        case .percent: rawValue + "_pct"
        }
    }

    public func measure(_ measures: TrialMeasures) -> TrialMeasures.Measure {
        switch self {
        case .timeToPeak: measures.timeToPeak
        case .timeTo80: measures.timeTo80
        case .peakRFD: measures.peakRFD
        case .plateauForce: measures.plateauForce
        case .plateauCV: measures.plateauCV
        case .heldDuration: measures.heldDuration
        case .releaseRate: measures.releaseRate
        case .impulse: measures.impulse
        }
    }
}

extension TrialMeasureField {
    /// "time to peak 0.42 s", "peak RFD (100 ms) 152 kg/s", "plateau force unavailable (a link gap
    /// cut the grip short)": the figure as `show` and the report print it, its force converted by
    /// `convert` into `unit` (kg, N, lbf or raw).
    public func phrase(_ measures: TrialMeasures, unit: String, convert: (Double) -> Double) -> String {
        let name = self == .peakRFD ? "\(label) (\(Int((measures.rfdWindow * 1000).rounded())) ms)" : label
        switch measure(measures) {
        case .unavailable(let reason):
            return "\(name) unavailable (\(reason))"
        case .value(let value):
            let shown = kind == .seconds || kind == .percent ? value : convert(value)
            return "\(name) \(shown.formatted(decimals: decimals)) \(unitText(unit))"
        }
    }

    /// The unit `phrase` names for force `unit`.
    public func unitText(_ unit: String) -> String {
        switch kind {
        case .seconds: "s"
        case .force: unit
        case .rate: "\(unit)/s"
        case .impulse: "\(unit)·s"
        case .percent: "%"
        }
    }
}
