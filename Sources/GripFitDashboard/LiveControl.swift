import GripFitCore

/// What ``LiveRoutes`` ask of the session behind the page: its status and the commands that change
/// it. ``DashboardSession`` implements it over the one link driver that `monitor` and `record`
/// use; the routes only check, route and stream. Every text it returns is finished JSON from the
/// shared encoders.
public protocol LiveControl: Sendable {
    /// `GET /api/status`: link, bridge, device, firmware, calibration, latest reading, peak, recording.
    func status() -> String
    /// Sends `CMD:TARE` to the GripFit.
    func tare() throws(DashboardError)
    func resetPeak()
    /// Starts recording at the next reading, for `subject` (a code in the history) if given; the
    /// JSON says what is being recorded.
    func startRecording(hand: Hand?, label: String?, subject: String?) throws(DashboardError) -> String
    /// Starts the guided `protocol` at the next reading (`record --protocol NAME`): `trialsPerHand`
    /// per hand, from `firstHand`, `restSeconds` between trials (each the protocol's own when nil;
    /// the caller checked the protocol allows them), for `subject` if given (`record --protocol NAME --subject`); the JSON
    /// is its first `guided` event. Its progress goes to the event stream; its attempts are filed
    /// under one assessment, which the status's `recording` names once the first is saved.
    func startProtocol(
        _ protocol: GripProtocol,
        firstHand: Hand?,
        label: String?,
        trialsPerHand: Int?,
        restSeconds: Double?,
        subject: String?
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
}
