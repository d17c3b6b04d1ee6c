/// What pulls on the simulated load cell.
public enum SimulatedLoad: Equatable, Sendable {
    /// Someone squeezing and resting, as ``SqueezeCurve`` draws it.
    case squeezes
    /// A constant force, such as a known calibration mass hanging still.
    case constant(kilograms: Double)
    /// Loads that change at set times since the simulator started, so a test can load the handle
    /// mid-run; nothing hangs before the first step.
    case schedule([LoadStep])

    /// The force `seconds` after the simulator started, for the loads that do not squeeze.
    func kilograms(atSecond seconds: Double) -> Double? {
        switch self {
        case .squeezes: nil
        case .constant(let kilograms): kilograms
        case .schedule(let steps): steps.last { $0.seconds <= seconds }?.kilograms ?? 0
        }
    }
}
