import GripFitCore
import GripFitOutput

/// Turns session reports into the documented JSONL and CSV records (README "Output formats") and
/// text lines. Device text goes into JSON as the device sent it, JSON-escaped only, as `history
/// --json`, export and `check --json` carry it; the text lines make it visible with ``UntrustedText``,
/// where it meets a terminal. A warning's line is bytes, not text (it may not be UTF-8): it keeps
/// the visible escapes in JSON too, so every byte of it survives.
public enum EventEncoder {
    /// `port` tags the event with the dongle it came from, when `monitor` follows several.
    public static func jsonl(_ report: LinkReport, time: String, port: String? = nil) -> String? {
        var object = JSONObject()
        switch report {
        case .message(.reading(let raw)):
            object.set("event", "reading")
            object.set("time", time)
            object.set("raw", Int(raw))
        case .message(.status(let status)):
            object.set("event", "status")
            object.set("time", time)
            object.set("status", status.name)
            if case .rate(let ms) = status { object.set("rate_ms", ms) }
        case .message(.device(let info)):
            object.set("event", "device")
            object.set("time", time)
            object.set("name", info.name)
            object.set("firmware", info.firmware)
        case .message(.bridge(let event)):
            object.set("event", "bridge")
            object.set("time", time)
            bridgeFields(event, into: &object)
        case .message(.unknown):
            return nil
        case .state(let state):
            object.set("event", "state")
            object.set("time", time)
            switch state {
            case .error(let kind):
                object.set("state", "error")
                object.set("error", kind.rawValue)
            default:
                object.set("state", state.description)
            }
        case .warning(let warning):
            object.set("event", "warning")
            object.set("time", time)
            object.set("reason", warning.reason.name)
            if !warning.raw.isEmpty { object.set("line", UntrustedText.escaped(warning.raw)) }
        case .commandFinished:
            return nil
        }
        if let port { object.set("port", port) }
        return object.text
    }

    private static func bridgeFields(_ event: BridgeEvent, into object: inout JSONObject) {
        switch event {
        case .hello(let version):
            object.set("type", "hello")
            object.set("version", version)
        case .scanning:
            object.set("type", "scanning")
        case .found(let address, let rssi, let name):
            object.set("type", "found")
            object.set("address", address.description)
            object.set("rssi", rssi)
            object.set("name", name)
        case .connecting(let address):
            object.set("type", "connecting")
            object.set("address", address.description)
        case .connected(let address):
            object.set("type", "connected")
            object.set("address", address.description)
        case .disconnected(let address, let reason):
            object.set("type", "disconnected")
            object.set("address", address.description)
            object.set("reason", reason)
            if let name = DisconnectReason.name(reason) { object.set("reason_name", name) }
        case .notFound:
            object.set("type", "not-found")
        case .notRecognized(let address):
            object.set("type", "not-recognized")
            object.set("address", address.description)
        case .status(let state, let address):
            object.set("type", "status")
            // Lower case, as the `state` events' own `state`.
            object.set("state", state.rawValue.lowercased())
            if let address { object.set("address", address.description) }
        case .error(let code, let detail):
            object.set("type", "error")
            object.set("code", code.rawValue)
            if let detail { object.set("detail", detail) }
        }
    }

    public static let csvHeader = "time,raw"

    public static func csv(_ report: LinkReport, time: String) -> String? {
        guard case .message(.reading(let raw)) = report else { return nil }
        return "\(time),\(raw)"
    }

    /// One human-readable line per event, for text output that is not a terminal.
    public static func text(_ report: LinkReport, time: String) -> String? {
        switch report {
        case .message(.reading(let raw)): "\(time) reading \(raw)"
        case .message(.status(let status)):
            if case .rate(let ms) = status { "\(time) status RATE \(ms) ms" } else { "\(time) status \(status.name)" }
        case .message(.device(let info)):
            "\(time) device \(UntrustedText.escaped(info.name)) firmware \(UntrustedText.escaped(info.firmware))"
        case .message(.bridge(let event)): "\(time) bridge \(describe(event))"
        case .message(.unknown): nil
        case .state(let state): "\(time) state \(state)"
        case .warning(let warning):
            "\(time) warning \(warning.reason.name)" + (warning.raw.isEmpty ? "" : ": \(UntrustedText.escaped(warning.raw))")
        case .commandFinished: nil
        }
    }

    public static func describe(_ event: BridgeEvent) -> String {
        switch event {
        case .hello(let version): "hello, firmware \(UntrustedText.escaped(version))"
        case .scanning: "scanning"
        case .found(let address, let rssi, let name): "found \(UntrustedText.escaped(name)) \(address) at \(rssi) dBm"
        case .connecting(let address): "connecting to \(address)"
        case .connected(let address): "connected to \(address)"
        case .disconnected(let address, let reason):
            "disconnected from \(address) (\(UntrustedText.escaped(reason))" + (DisconnectReason.name(reason).map { ": \($0)" } ?? "") + ")"
        case .notFound: "no GripFit found"
        case .notRecognized(let address): "\(address) is not a GripFit (no Nordic UART Service)"
        case .status(let state, let address): "status \(state.rawValue)" + (address.map { " \($0)" } ?? "")
        case .error(let code, let detail): "error \(code.rawValue)" + (detail.map { " \(UntrustedText.escaped($0))" } ?? "")
        }
    }
}
