import GripFitCore
import GripFitOutput
import GripFitRecords

/// The dashboard's live state, one of its session's roles: the link, the versions, the GripFits
/// in range, the latest reading, the peak and the pin, as `/api/status` and `/api/devices` show
/// them. Device text is kept and written as sent, JSON-escaped only (the page makes its controls
/// visible where it shows them). Clock-free: the caller hands it each report's instant and turns
/// instants into text.
public struct LiveStatus {
    /// A GripFit the bridge reported in range.
    private struct Found {
        var address: BLEAddress
        var name: String
        var rssi: Int
        var time: String
    }

    /// Bridges see a handful of GripFits at most; this bounds the list whatever the radio hears.
    public static let foundLimit = 16

    public private(set) var state = LinkState.disconnected
    public private(set) var portOpen = false
    private var bridgeFirmware: String?
    private var bridgeLink: BridgeLinkState?
    private var address: BLEAddress?
    private var deviceName: String?
    private var firmware: String?
    /// The device's key, once the calibration stage has decided it.
    public private(set) var device: String?
    /// The device's calibration in the chosen unit, for showing forces.
    public private(set) var display: ForceDisplay
    private var latestRaw: Int32?
    /// When ``latestRaw`` came; made text only for `/api/status`, not for every reading.
    private var latestAt: MonotonicInstant?
    public private(set) var peak: Double?
    private var found: [Found] = []
    /// What the bridge was last asked to pin to (`--device`, the remembered pin, or the page):
    /// an address, nil for any; nil: never asked.
    public var pinned: BLEAddress??

    public init(unit: ForceUnit, pinned: BLEAddress??) {
        display = ForceDisplay(calibration: nil, unit: unit)
        self.pinned = pinned
    }

    /// Takes one report; `time` is its wall-clock text, for a GripFit found in range.
    public mutating func update(with report: LinkReport, at now: MonotonicInstant, portOpen: Bool, time: @autoclosure () -> String) {
        self.portOpen = portOpen
        switch report {
        case .message(.reading(let raw)):
            latestRaw = raw
            latestAt = now
        case .message(.device(let info)):
            deviceName = info.name
            firmware = info.firmware
        case .message(.bridge(let event)):
            switch event {
            case .hello(let version): bridgeFirmware = version
            case .scanning: bridgeLink = .scanning
            case .connecting(let address): (bridgeLink, self.address) = (.connecting, address)
            case .connected(let address): (bridgeLink, self.address) = (.connected, address)
            case .disconnected, .notFound, .notRecognized: bridgeLink = .idle
            case .status(let state, let address): (bridgeLink, self.address) = (state, address ?? self.address)
            case .found(let address, let rssi, let name):
                found.removeAll { $0.address == address }
                found.insert(Found(address: address, name: name, rssi: rssi, time: time()), at: 0)
                if found.count > Self.foundLimit { found.removeLast() }
            case .error: break
            }
        case .state(let state):
            self.state = state
            if !portOpen { bridgeLink = nil }
        case .message, .warning, .commandFinished:
            break
        }
    }

    /// A new GripFit: its calibration (or raw counts) and a fresh peak.
    public mutating func lookedUp(device: String, calibration: StoredCalibration?) {
        self.device = device
        peak = nil
        display = ForceDisplay(calibration: calibration, unit: display.unit)
    }

    /// A reading's force in the display's unit (raw counts when uncalibrated), for the peak.
    public mutating func show(_ value: Double) {
        peak = max(peak ?? value, value)
    }

    public mutating func resetPeak() {
        peak = nil
    }

    /// `/api/status`: `kilograms` turns the latest raw reading into a force, `time` an instant
    /// into RFC 3339 wall-clock time; `recording` is the recording's or guided run's own object;
    /// `pendingSync` the sessions this station holds for the history server.
    public func status(
        kilograms: (Int32) -> Double?,
        time: (MonotonicInstant) -> String,
        recording: JSONObject,
        pendingSync: Int = 0
    ) -> String {
        var object = JSONObject()
        object.set("state", state.description)
        object.set("usb", portOpen ? "connected" : "disconnected")
        object.set("ble", bleText)
        var bridge = JSONObject()
        if let firmware = bridgeFirmware {
            bridge.set("firmware", firmware)
            // The page's banner: BridgeFirmwareGate's verdict and advice, the version as sent (the page makes it visible).
            bridge.set("update", BridgeFirmwareGate.verdict(for: firmware).name)
            if let advice = BridgeFirmwareGate.advice(for: firmware, escaped: firmware) { bridge.set("advice", advice) }
        }
        if let link = bridgeLink { bridge.set("link", link.rawValue) }
        if let address { bridge.set("address", address.description) }
        object.set("bridge", bridge)
        if let device { object.set("device", device) } else { object.setNull("device") }
        if let name = deviceName { object.set("name", name) }
        if let firmware { object.set("firmware", firmware) }
        object.set("calibrated", display.isCalibrated)
        if let calibration = display.calibration {
            var details = JSONObject()
            details.set("counts_per_kg", calibration.countsPerKilogram)
            details.set("offset", calibration.offset)
            details.set("date", calibration.date)
            object.set("calibration", details)
        }
        object.set("unit", display.unitName)
        if let raw = latestRaw, let at = latestAt {
            var reading = JSONObject()
            reading.set("time", time(at))
            reading.set("raw", Int(raw))
            if let kilograms = kilograms(raw) {
                reading.set("force", display.unit.fromKilograms(kilograms).rounded(decimals: 3))
            }
            object.set("reading", reading)
        } else {
            object.setNull("reading")
        }
        if let peak { object.set("peak", peak.rounded(decimals: 3)) } else { object.setNull("peak") }
        object.set("recording", recording)
        object.set("pendingSync", pendingSync)
        return object.text
    }

    /// `/api/devices`: the link, the pin asked for and the GripFits in range, newest first.
    public func devices() -> String {
        var object = JSONObject()
        if let address { object.set("address", address.description) }
        object.set("link", bleText)
        switch pinned {
        case .some(.some(let address)): object.set("pinned", address.description)
        case .some(.none): object.set("pinned", "any")
        case .none: object.setNull("pinned")
        }
        object.set(
            "found",
            found.map { found in
                var item = JSONObject()
                item.set("address", found.address.description)
                item.set("name", found.name)
                item.set("rssi", found.rssi)
                item.set("time", found.time)
                return item
            }
        )
        return object.text
    }

    private var bleText: String {
        if state == .connected { return "connected" }
        guard portOpen, let link = bridgeLink else { return "disconnected" }
        return link == .idle ? "disconnected" : link.rawValue.lowercased()
    }
}
