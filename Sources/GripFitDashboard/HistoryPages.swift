import GripFitCore
import GripFitExchange
import GripFitRecords
import GripFitStore

/// What ``HistoryRoutes`` ask of the history: the pages' sessions, plots, exports, trend, subjects
/// and assessments, each as `show`, `plot`, `export`, `subject` and `report` give them.
/// ``HistoryQueries`` implements it over the opened history; its calls block on I/O, so the routes
/// make them on ``HistoryThread``. Every text it returns is finished JSON, CSV, SVG or HTML.
public protocol HistoryPages: Sendable {
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
    /// Every session as `export --all --format json` writes them (the admin's "Export all").
    func exportAll() throws(DashboardError) -> String
    /// `subject forget CODE`: the subject and their sessions and assessments, for good (the admin's
    /// "Erase"); `{"sessions": n, "assessments": n}` deleted, 404 for an unknown code.
    func forgetSubject(code: String) throws(DashboardError) -> String
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
