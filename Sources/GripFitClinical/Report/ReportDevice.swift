/// The GripFit that measured, as the report names it: the calibration date says whether its
/// figures are kilograms a norm may be compared with.
public struct ReportDevice: Sendable, Equatable {
    public var name: String
    /// The BLE address, e.g. "C4:DE:E2:12:34:56".
    public var address: String
    public var firmware: String?
    /// The calibration in force at the assessment, as the page prints it; nil when uncalibrated.
    public var calibrationDate: String?

    public init(name: String, address: String, firmware: String?, calibrationDate: String?) {
        self.name = name
        self.address = address
        self.firmware = firmware
        self.calibrationDate = calibrationDate
    }
}
