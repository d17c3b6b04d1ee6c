/// An nRF52840 board the bridge firmware runs on, by the USB ID its Arduino core gives the application.
public struct SupportedBoard: Hashable, Sendable {
    public let name: String
    public let id: UsbDeviceID

    public init(name: String, id: UsbDeviceID) {
        self.name = name
        self.id = id
    }
}
