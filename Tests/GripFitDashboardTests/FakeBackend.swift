import GripFitClinical
import GripFitCore
import GripFitDashboard
import GripFitExchange
import GripFitRecords
import GripFitStore
import Synchronization

/// Records what the routes asked for and answers with fixed JSON: the session behind
/// ``LiveRoutes`` and the history behind ``HistoryRoutes``, one call log for both.
final class FakeBackend: LiveControl, HistoryPages {
    let calls = Mutex<[String]>([])

    private func note(_ call: String) {
        calls.withLock { $0.append(call) }
    }

    func status() -> String {
        note("status")
        return #"{"state":"connected"}"#
    }

    func tare() throws(DashboardError) { note("tare") }
    func resetPeak() { note("resetPeak") }

    func startRecording(hand: Hand?, label: String?, subject: String?) throws(DashboardError) -> String {
        note("start \(hand?.rawValue ?? "-") \(label ?? "-")" + (subject.map { " for \($0)" } ?? ""))
        return #"{"state":"waiting"}"#
    }

    func startProtocol(
        _ protocol: GripProtocol,
        firstHand: Hand?,
        label: String?,
        trialsPerHand: Int?,
        restSeconds: Double?,
        subject: String?
    ) throws(DashboardError) -> String {
        note(
            "protocol \(firstHand?.rawValue ?? "-") \(label ?? "-") \(trialsPerHand.map(String.init) ?? "-") "
                + "\(restSeconds.map { "\($0)" } ?? "-")" + (subject.map { " for \($0)" } ?? "")
                + (`protocol` == .standard ? "" : " (\(`protocol`.name))")
        )
        return #"{"event":"guided","phase":"waiting"}"#
    }

    func stopRecording() throws(DashboardError) -> String {
        note("stop")
        throw DashboardError(.conflict, "Nothing was recorded.")
    }

    func devices() -> String { #"{"found":[]}"# }
    func scan() throws(DashboardError) { note("scan") }
    func pin(_ address: BLEAddress?) throws(DashboardError) { note("pin \(address?.description ?? "any")") }

    func sessions(_ query: SessionQuery) throws(DashboardError) -> String {
        note("sessions \(Self.describe(query))")
        return #"{"sessions":[],"more":false}"#
    }

    func id(named name: String) throws(DashboardError) -> Int64 {
        throw DashboardError(.notFound, "nothing is named \(name)")
    }

    func session(id: Int64) throws(DashboardError) -> String {
        guard id == 1 else { throw DashboardError(.notFound, "No session \(id).") }
        return #"{"id":1}"#
    }

    func plot(id: Int64, unit: ForceUnit?) throws(DashboardError) -> String {
        note("plot \(id) \(unit?.rawValue ?? "-")")
        return "<svg/>"
    }

    func export(id: Int64, format: SessionFormat) throws(DashboardError) -> String {
        note("export \(id) \(format.rawValue)")
        return format == .csv ? "a,b\n" : "{}"
    }

    func exportAll() throws(DashboardError) -> String {
        note("export all")
        return "[]"
    }

    func forgetSubject(code: String) throws(DashboardError) -> String {
        note("forget \(code)")
        return #"{"sessions":0,"assessments":0}"#
    }

    func trend(_ query: SessionQuery) throws(DashboardError) -> String {
        note("trend \(Self.describe(query))")
        return "[]"
    }

    /// Subjects the page added, by code, in order.
    let added = Mutex<[String]>([])

    func subjects() throws(DashboardError) -> String {
        note("subjects")
        return #"{"subjects":[],"selected":null}"#
    }

    /// Checks the form as the real backend does (today fixed), so the routes' 400s can be tested.
    func addSubject(_ form: SubjectForm) throws(DashboardError) -> String {
        guard let today = Subject.Birth.Day(year: 2026, month: 11, day: 25) else { return "" }
        let subject = try form.subject(today: today)
        added.withLock { $0.append(subject.code) }
        return #"{"code":"\#(subject.code)"}"#
    }

    func assessment(id: Int64) throws(DashboardError) -> String {
        guard id == 1 else { throw DashboardError(.notFound, "no assessment A\(id)") }
        return #"{"id":1}"#
    }

    func assessments(subject: String?) throws(DashboardError) -> String {
        note("assessments \(subject ?? "-")")
        return #"{"assessments":[],"total":0}"#
    }

    func report(assessment id: Int64) throws(DashboardError) -> String {
        note("report \(id)")
        return "<!doctype html><p>report</p>"
    }

    private static func describe(_ query: SessionQuery) -> String {
        "\(query.device ?? "-") \(query.hand?.rawValue ?? "-") \(query.limit) \(query.before.map(String.init) ?? "-")"
            + (query.subject.map { " for \($0)" } ?? "")
    }
}
