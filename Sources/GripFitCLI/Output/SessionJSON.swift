import GripFitOutput
import GripFitCore
import GripFitStore

/// Sessions as JSON objects: `history --json`'s rows, and the dashboard's session detail with reps.
/// Values are in the display unit when the session was calibrated, else raw counts.
enum SessionJSON {
    static func row(_ entry: HistoryEntry, display: ForceDisplay) -> JSONObject {
        let row = entry.row
        var object = JSONObject()
        object.set("id", Int(row.id))
        object.set("started_at", Timestamp.rfc3339(milliseconds: row.startedAtMilliseconds))
        object.set("device", row.device)
        if let firmware = row.firmware { object.set("firmware", firmware) }
        if let bridge = row.bridgeVersion { object.set("bridge", bridge) }
        if let hand = row.hand { object.set("hand", hand.rawValue) }
        if let label = row.label { object.set("label", label) }
        if let protocolName = row.protocolName { object.set("protocol", protocolName) }
        if let trial = row.trial { object.set("trial", trial) }
        object.set("unit", row.calibrated ? display.unit.rawValue : "raw")
        object.set("calibration", entry.calibrationSource)
        if let date = row.calibrationDate { object.set("calibration_date", date) }
        object.set("peak", display.convert(stored: row.peak, calibrated: row.calibrated))
        object.set("mean", display.convert(stored: row.mean, calibrated: row.calibrated))
        object.set("time_to_peak", row.timeToPeak)
        object.set("peak_rfd", display.convert(stored: row.peakRFD, calibrated: row.calibrated))
        object.set("impulse", display.convert(stored: row.impulse, calibrated: row.calibrated))
        object.set("reps", row.repCount)
        object.set("duration", row.duration)
        return object
    }

    /// Everything `show` prints, for the dashboard's session view.
    static func detail(_ session: StoredSession, display: ForceDisplay) -> JSONObject {
        let summary = session.summary
        let calibrated = session.calibration != nil
        func convert(_ value: Double) -> Double { display.convert(stored: value, calibrated: calibrated) }
        var object = JSONObject()
        if let id = session.id { object.set("id", Int(id)) }
        object.set("started_at", Timestamp.rfc3339(milliseconds: session.startedAtMilliseconds))
        object.set("device", session.device)
        if let firmware = session.firmware { object.set("firmware", firmware) }
        if let bridge = session.bridgeVersion { object.set("bridge", bridge) }
        if let hand = session.hand { object.set("hand", hand.rawValue) }
        if let label = session.label { object.set("label", label) }
        if let protocolName = session.protocolName { object.set("protocol", protocolName) }
        if let trial = session.trial { object.set("trial", trial) }
        object.set("unit", calibrated ? display.unit.rawValue : "raw")
        for field in SummaryField.all {
            guard let key = field.detailKey else { continue }
            let value = field.value(summary)
            switch field.kind {
            case .count: object.set(key, Int(value))
            case .seconds: object.set(key, value)
            case .force, .rate, .impulse: object.set(key, convert(value))
            }
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
            })
        return object
    }
}
