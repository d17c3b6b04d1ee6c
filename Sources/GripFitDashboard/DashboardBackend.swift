import GripFitCore
import GripFitExchange
import GripFitRecords
import GripFitStore

/// What the server asks of the session behind it. The CLI implements it over the one session
/// driver that `monitor` and `record` use, and over the history; the server only routes, guards
/// and streams. Every text it returns is finished JSON, CSV or SVG from the shared encoders.
public protocol DashboardBackend: Sendable {
    /// `GET /api/status`: link, bridge, device, firmware, calibration, latest reading, peak, recording.
    func status() -> String
    /// Sends `CMD:TARE` to the GripFit.
    func tare() throws(DashboardError)
    func resetPeak()
    /// Starts recording at the next reading, for `subject` (a code in the history) if given; the
    /// JSON says what is being recorded.
    func startRecording(hand: Hand?, label: String?, subject: String?) throws(DashboardError) -> String
    /// Starts the guided standard protocol at the next reading (`record --protocol standard`):
    /// `trialsPerHand` per hand (default 3), from `firstHand` (default right), `restSeconds` between
    /// trials (default 30), for `subject` if given (`record --protocol standard --subject`); the JSON
    /// is its first `guided` event. Its progress goes to the event stream; its attempts are filed
    /// under one assessment, which the status's `recording` names once the first is saved.
    func startProtocol(
        firstHand: Hand?, label: String?, trialsPerHand: Int?, restSeconds: Double?, subject: String?
    ) throws(DashboardError) -> String
    /// Stops, analyses and saves the recording; the JSON is the saved session's summary. Stops
    /// the guided protocol instead when one is running; the JSON is then its last `guided` event.
    func stopRecording() throws(DashboardError) -> String
    /// The GripFits the bridge has reported in range (`B:FOUND`), newest first, and the pin asked for.
    func devices() -> String
    /// `BRIDGE:SCAN`: the bridge drops its link and looks again.
    func scan() throws(DashboardError)
    /// `BRIDGE:PIN` to `address` (nil: any GripFit), then a scan so the bridge connects to it.
    func pin(_ address: BLEAddress?) throws(DashboardError)
    /// A page of `history --json`'s rows, newest first, as `{"sessions": [...], "more": Bool}`:
    /// `more` when older sessions match the query too (the page's "Older sessions").
    func sessions(_ query: SessionQuery) throws(DashboardError) -> String
    /// The id of the session or assessment a stable name (`s-…`, `a-…`) names; 404 when none, 400 when several.
    func id(named name: String) throws(DashboardError) -> Int64
    /// One session: its summary and reps.
    func session(id: Int64) throws(DashboardError) -> String
    /// `plot`'s SVG, in `unit` (nil: the dashboard's `--unit`) when the session is calibrated.
    func plot(id: Int64, unit: ForceUnit?) throws(DashboardError) -> String
    /// `export ID --format csv|json`.
    func export(id: Int64, format: SessionFormat) throws(DashboardError) -> String
    /// Peak per session over time, oldest first: the query's most recent sessions.
    func trend(_ query: SessionQuery) throws(DashboardError) -> String
    /// `subject list`'s subjects for the picker, as `{"subjects": [...], "selected": code or null}`:
    /// `selected` is `dashboard --subject`'s.
    func subjects() throws(DashboardError) -> String
    /// `subject add` from the page's form: the new subject's JSON; 400 for a fact that cannot be
    /// right, 409 for a code already taken, each with the message to show.
    func addSubject(_ form: SubjectForm) throws(DashboardError) -> String
    /// A protocol run's figures as `{"id", "subject", "date", "calibrated", "lines": [{"text"}], "report"}`
    /// (and `dominance_ratio` with `dominant` when the subject's dominant hand is known): the norm,
    /// threshold and consistency sentences `show A<n>` prints, worded for the page, and the report's address.
    func assessment(id: Int64) throws(DashboardError) -> String
    /// The clinical history: the assessments, newest first, only `subject`'s when given, as
    /// `{"assessments": [{"id", "name", "start", "subject", "unit", "right": {"best", "counted"},
    /// "left", "centile", "consistency": [{"text"}], "report"}], "total"}`, worded for the page.
    func assessments(subject: String?) throws(DashboardError) -> String
    /// The run's printable clinical report (the HTML `report A<n>` writes; the PDF stays the CLI's).
    func report(assessment id: Int64) throws(DashboardError) -> String
}
