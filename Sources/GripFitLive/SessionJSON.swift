import GripFitCore
import GripFitOutput
import GripFitRecords

/// Sessions as JSON objects: `history --json`'s rows, and the dashboard's session detail with reps.
/// Values are in the display unit when the session was calibrated, else raw counts.
public enum SessionJSON {
    /// About the bytes of a ``row(_:display:)`` with its tags and a label: room made once.
    private static let rowSize = 512

    public static func row(_ entry: HistoryEntry, display: ForceDisplay) -> JSONObject {
        var object = JSONObject(capacity: rowSize)
        set(entry, display: display, in: &object)
        return object
    }

    /// ``row(_:display:)``'s fields set on `object`, which may be written in place.
    public static func set(_ entry: HistoryEntry, display: ForceDisplay, in object: inout JSONObject) {
        let row = entry.row
        object.set("id", Int(row.id))
        object.set("started_at", Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds))
        set(row.device, row, in: &object)
        object.set("unit", row.calibrated ? display.unit.rawValue : "raw")
        object.set("calibration", entry.calibrationSource)
        if let date = row.calibrationDate { object.set("calibration_date", date) }
        let summary = row.summary
        func convert(_ value: Double) -> Double { display.convert(stored: value, calibrated: row.calibrated) }
        object.set("peak", convert(summary.peak))
        object.set("mean", convert(summary.mean))
        object.set("time_to_peak", summary.timeToPeak)
        object.set("peak_rfd", convert(summary.peakRFD))
        object.set("impulse", convert(summary.impulse))
        object.set("reps", row.repCount)
        object.set("duration", summary.duration)
        for field in SummaryField.all where field.isExtra { set(field, of: summary, in: &object, key: field.key, convert: convert) }
    }

    /// Everything `show` prints, for the dashboard's session view.
    public static func detail(_ session: StoredSession, display: ForceDisplay) -> JSONObject {
        let summary = session.summary
        let calibrated = session.calibration != nil
        func convert(_ value: Double) -> Double { display.convert(stored: value, calibrated: calibrated) }
        var object = JSONObject()
        if let id = session.id { object.set("id", Int(id)) }
        object.set("started_at", Timestamp.rfc3339(milliseconds: session.startedAtMilliseconds))
        set(session.device, session, in: &object)
        object.set("unit", calibrated ? display.unit.rawValue : "raw")
        for field in SummaryField.all {
            if let key = field.detailKey { set(field, of: summary, in: &object, key: key, convert: convert) }
        }
        object.set(
            "rep_list",
            summary.reps.map { rep in
                var item = JSONObject()
                item.set("start", rep.start)
                item.set("duration", rep.duration)
                item.set("peak", convert(rep.peak))
                item.set("mean", convert(rep.mean))
                item.set("impulse", convert(rep.impulse))
                item.set("interrupted", rep.interrupted)
                return item
            }
        )
        return object
    }

    /// One figure: counts whole, times in seconds, forces and what derives from them in the display unit.
    private static func set(
        _ field: SummaryField,
        of summary: SessionSummary,
        in object: inout JSONObject,
        key: String,
        convert: (Double) -> Double
    ) {
        let value = field.value(summary)
        switch field.kind {
        case .count: object.set(key, Int(value))
        case .seconds: object.set(key, value)
        case .force, .rate, .impulse: object.set(key, convert(value))
        }
    }

    /// The device, its versions, the tags (``TagField/all`` among them) and the station, each left out when unknown.
    private static func set(_ device: String, _ filed: some FiledSession, in object: inout JSONObject) {
        object.set("device", device)
        if let firmware = filed.versions.firmware { object.set("firmware", firmware) }
        if let bridge = filed.versions.bridge { object.set("bridge", bridge) }
        if let hand = filed.tags.hand { object.set("hand", hand.rawValue) }
        if let label = filed.tags.label { object.set("label", label) }
        if let protocolName = filed.tags.protocolName { object.set("protocol", protocolName) }
        if let trial = filed.tags.trial { object.set("trial", trial) }
        for field in TagField.all {
            guard let text = field.text(filed.tags) else { continue }
            if field.isNumber, let number = Int(text) { object.set(field.key, number) } else { object.set(field.key, text) }
        }
        if let station = filed.station { object.set("station", station) }
        if let name = filed.name { object.set("name", name) }
    }
}
