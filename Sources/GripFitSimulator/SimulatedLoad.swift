/// What pulls on the simulated load cell.
public enum SimulatedLoad: Equatable, Sendable {
    /// Someone squeezing and resting, as ``SqueezeCurve`` draws it.
    case squeezes
    /// A constant force, such as a known calibration mass hanging still.
    case constant(kilograms: Double)
}
