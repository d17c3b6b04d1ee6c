/// A GripFit as a FHIR Device. Every text came from the device or the user and is escaped only
/// when the Bundle is written.
public struct FHIRDevice: Sendable, Equatable {
    /// The BLE address, the Device's identifier and what an assessment names its device by.
    public var address: String
    public var firmware: String?
    public var manufacturer: String?
    public var model: String?

    public init(address: String, firmware: String?, manufacturer: String?, model: String?) {
        self.address = address
        self.firmware = firmware
        self.manufacturer = manufacturer
        self.model = model
    }
}
