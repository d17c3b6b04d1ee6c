import GripFitCore

/// Why no norm is given: the report and the FHIR note say which, so a clinician knows what to add
/// (a calibration, the subject's sex or birth date) rather than seeing a blank.
public enum NormMissing: Sendable, Equatable, CustomStringConvertible {
    case uncalibrated
    case sexUnknown
    case ageUnknown
    case invalidGrip(Double)
    case invalidAge(Double)
    case ageOutsideTable(age: Double, table: ClosedRange<Double>)
    /// EWGSOP2's cut-offs are read from ``EWGSOP2Threshold/minimumAge`` on.
    case underEWGSOP2Age(minimum: Double)
    /// The protocol's trials do not give the statistic the norms were made from (``NormBasis``):
    /// its title and why, e.g. one hand only, or paced squeezes rather than maximal static grips.
    case protocolUnfit(protocol: String, why: String)

    /// An age is worded by its 5-year band, as on the page, never exactly.
    public var description: String {
        switch self {
        case .uncalibrated: "the device was not calibrated (calibrate it, then measure again)"
        case .sexUnknown: "the subject's sex is not recorded (subject edit --sex)"
        case .ageUnknown: "the subject's age is not known (subject edit --birth-date or --birth-year)"
        case .invalidGrip(let kg): "the best grip \(kg.formatted(upToDecimals: 1)) kg is not a usable force"
        case .invalidAge(let age): "the age \(age.formatted(upToDecimals: 1)) is not a usable age"
        case .ageOutsideTable(let age, let table):
            "the age (band \(Age.band(age) ?? age.formatted(upToDecimals: 1))) is outside the table's ages "
                + "\(table.lowerBound.formatted(upToDecimals: 1))–\(table.upperBound.formatted(upToDecimals: 1))"
        case .underEWGSOP2Age(let minimum):
            "EWGSOP2 does not apply under \(minimum.formatted(upToDecimals: 1)) (its cut-offs are read in older adults)"
        case .protocolUnfit(let name, let why): "\(name) \(why)"
        }
    }
}
