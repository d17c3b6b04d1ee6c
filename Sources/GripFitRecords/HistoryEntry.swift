/// One session as `history` and the dashboard list it: its row, and the later calibration its
/// values are shown with when it was recorded before its device was calibrated.
public struct HistoryEntry: Sendable {
    public var row: SessionRow
    public var later: StoredCalibration?

    public init(row: SessionRow, later: StoredCalibration?) {
        self.row = row
        self.later = later
    }

    /// A stored session as `show`, `plot` and `history` present it: one recorded before its device
    /// was calibrated is analysed with the device's latest calibration in `book`, returned too so
    /// the output can say which one was used.
    public static func presented(
        _ session: StoredSession,
        book: [StoredCalibration]
    ) -> (session: StoredSession, later: StoredCalibration?) {
        guard session.calibration == nil,
            let current = book.last(where: { $0.device == session.device }),
            let calibrated = session.calibrated(later: current)
        else { return (session, nil) }
        return (calibrated, current)
    }

    /// Where the values' calibration comes from: `recorded`, `later` (made after) or `none`.
    public var calibrationSource: String {
        later != nil ? "later" : row.calibrated ? "recorded" : "none"
    }
}
