import Foundation

/// Why no norm is given: the report and the FHIR note say which, so a clinician knows what to add
/// (a calibration, the subject's sex or birth date) rather than seeing a blank.
public enum NormMissing: Sendable, Equatable, CustomStringConvertible {
    case uncalibrated
    case sexUnknown
    case ageUnknown
    case invalidGrip(Double)
    case invalidAge(Double)
    case ageOutsideTable(age: Double, table: ClosedRange<Double>)

    public var description: String {
        switch self {
        case .uncalibrated: "the device was not calibrated (calibrate it, then measure again)"
        case .sexUnknown: "the subject's sex is not recorded (subject edit --sex)"
        case .ageUnknown: "the subject's age is not known (subject edit --birth-date or --birth-year)"
        case .invalidGrip(let kg): "the best grip \(kg) kg is not a usable force"
        case .invalidAge(let age): "the age \(age) is not a usable age"
        case .ageOutsideTable(let age, let table):
            "age \(Self.years(age)) is outside the table's ages \(Self.years(table.lowerBound))–\(Self.years(table.upperBound))"
        }
    }

    private static func years(_ age: Double) -> String {
        age == age.rounded() ? String(Int(age)) : String(format: "%.1f", age)
    }
}
