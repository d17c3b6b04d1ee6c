/// What the session knows about the link beside a report, handed to every ``LinkConsumer``
/// with it: consumers read the machine's findings without holding the machine.
public struct LinkFacts: Equatable, Sendable {
    /// The GripFit's firmware version, once `D:` has arrived on this link.
    public var firmware: String?
    /// The bridge's firmware version; nil behind a plain relay.
    public var bridgeVersion: String?
    /// The GripFit the bridge named, for filing under its BLE identity.
    public var deviceAddress: BLEAddress?
    /// A bridge has spoken on this link, so its `B:STATUS` is sure to come.
    public var behindBridge: Bool
    /// A port is open (or its connect is under way).
    public var portOpen: Bool

    public init(
        firmware: String? = nil,
        bridgeVersion: String? = nil,
        deviceAddress: BLEAddress? = nil,
        behindBridge: Bool = false,
        portOpen: Bool = false
    ) {
        self.firmware = firmware
        self.bridgeVersion = bridgeVersion
        self.deviceAddress = deviceAddress
        self.behindBridge = behindBridge
        self.portOpen = portOpen
    }

    /// The facts as `machine` has them now.
    public init(_ machine: LinkMachine, portOpen: Bool) {
        self.init(
            firmware: machine.firmware,
            bridgeVersion: machine.bridgeVersion,
            deviceAddress: machine.deviceAddress,
            behindBridge: machine.behindBridge,
            portOpen: portOpen
        )
    }
}
