/// The versions a session's GripFit (`D:`) and bridge (`B:BRIDGE`) reported, the last seen before
/// or during the session: device text, stored as sent and escaped only on output.
public struct DeviceVersions: Equatable, Sendable {
    public var firmware: String?
    public var bridge: String?

    public init(firmware: String?, bridge: String?) {
        self.firmware = firmware
        self.bridge = bridge
    }
}
