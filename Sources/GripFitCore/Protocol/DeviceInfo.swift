/// `D:GRIPFIT,<version>`, sent on connect and in reply to `CMD:INFO`.
public struct DeviceInfo: Equatable, Sendable {
    public var name: String
    public var firmware: String

    public init(name: String, firmware: String) {
        self.name = name
        self.firmware = firmware
    }
}
