/// Decides whether a USB serial port is a GripFit bridge.
///
/// Three independent signs, any one enough: the product string our firmware sets (recognisable
/// whatever the board), the board's USB ID (a bridge built before the firmware set its product
/// string), or the udev property our rule sets (a board we do not know, named by the admin).
/// `udev/60-gripfit-bridge.rules` lists the same IDs; a test keeps the two lists equal.
public enum BridgeMatcher {
    /// The USB product string the bridge firmware sets through TinyUSB.
    public static let productString = "GripFit Bridge"
    /// Set to 1 by `udev/60-gripfit-bridge.rules`.
    public static let udevProperty = "ID_GRIPFIT_BRIDGE"

    /// Application (not bootloader) IDs, `build.vid`/`build.pid` in the cores' boards.txt: Adafruit
    /// nRF52 Arduino (fa129c2, 2026-03: mdbt50qrx, feather52840, pca10056) and Seeed's fork (6134ada,
    /// 2024-10: xiaonRF52840, xiaonRF52840Sense). Older Adafruit releases built the Raytac dongle
    /// and the DK as 239A:8029, which the Feather entry covers.
    public static let supportedBoards: [SupportedBoard] = [
        SupportedBoard(name: "Raytac MDBT50Q-RX nRF52840 Dongle", id: UsbDeviceID(vendor: 0x239A, product: 0x810B)),
        SupportedBoard(name: "Adafruit Feather nRF52840 Express", id: UsbDeviceID(vendor: 0x239A, product: 0x8029)),
        SupportedBoard(name: "Nordic nRF52840 DK (PCA10056)", id: UsbDeviceID(vendor: 0x239A, product: 0x80DA)),
        SupportedBoard(name: "Seeed XIAO nRF52840", id: UsbDeviceID(vendor: 0x2886, product: 0x8044)),
        SupportedBoard(name: "Seeed XIAO nRF52840 Sense", id: UsbDeviceID(vendor: 0x2886, product: 0x8045)),
    ]

    public static func isBridge(id: UsbDeviceID?, product: String?, udevFlag: String?) -> Bool {
        if product == productString || udevFlag == "1" { return true }
        guard let id else { return false }
        return supportedBoards.contains { $0.id == id }
    }

    /// The board name for a known ID, for `list` and `doctor`.
    public static func board(for id: UsbDeviceID?) -> SupportedBoard? {
        supportedBoards.first { $0.id == id }
    }
}
