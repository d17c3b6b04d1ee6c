import GripFitCore

/// One per-session figure of ``SessionSummary``, described once: the history's column, the
/// export's key, `show`'s label, what unit it is in and how it is printed. The store, the export
/// and the outputs walk ``all``, so a new metric is its computation plus one entry here (and,
/// for histories already written, a migration adding its column).
public final class SummaryField: Sendable {
    /// How a figure converts when the session is shown in another unit.
    public enum Kind: Sendable {
        /// A force, in the session's unit (kg or raw counts).
        case force
        /// Force per second.
        case rate
        /// Force times seconds.
        case impulse
        case seconds
        /// A whole number.
        case count
    }

    /// The column in the history and the key in an export's `summary` (snake_case).
    public let key: String
    /// `show`'s name for it.
    public let label: String
    /// Its key in the dashboard's session detail; nil where the detail leaves it out.
    public let detailKey: String?
    public let kind: Kind
    /// Digits after the point where it is printed.
    public let decimals: Int
    /// A figure added after the twelve that `show`, `history` and the export lay out by hand:
    /// `show` gives it a line and `history`'s CSV and JSON a column of their own, after the
    /// others, and an export need not carry it, so older exports still import (the importer
    /// re-analyses the trace anyway).
    public let isExtra: Bool
    /// The figure, as a number; ``count`` figures are whole.
    public let value: @Sendable (SessionSummary) -> Double
    /// Sets the figure read back from the history or an export; a ``count`` gets a whole number.
    package let assign: @Sendable (inout SessionSummary, Double) -> Void

    /// `detailKey`: nil for the same as `key`, `.some(nil)` to leave it out of the detail.
    package init(
        _ key: String,
        _ label: String,
        _ kind: Kind,
        decimals: Int,
        detailKey: String?? = nil,
        isExtra: Bool = false,
        _ path: WritableKeyPath<SessionSummary, Double> & Sendable
    ) {
        self.isExtra = isExtra
        self.key = key
        self.label = label
        self.detailKey = detailKey ?? key
        self.kind = kind
        self.decimals = decimals
        value = { $0[keyPath: path] }
        assign = { $0[keyPath: path] = $1 }
    }

    package init(count key: String, _ label: String, detailKey: String, _ path: WritableKeyPath<SessionSummary, Int> & Sendable) {
        self.key = key
        self.label = label
        self.detailKey = detailKey
        isExtra = false
        kind = .count
        decimals = 0
        value = { Double($0[keyPath: path]) }
        // Callers check the range first (the import refuses a count outside 0...Int32.max); a value
        // no Int holds is never converted, so a hostile file cannot trap.
        assign = { summary, value in
            if let count = Int(exactly: value) { summary[keyPath: path] = count }
        }
    }

    /// In the order the dashboard's session detail lists them and the history checks them (the
    /// export sorts its keys).
    public static let all: [SummaryField] = [
        SummaryField("peak", "peak", .force, decimals: 2, \.peak),
        SummaryField("peak_time", "peak time", .seconds, decimals: 2, \.peakTime),
        SummaryField("mean", "mean", .force, decimals: 2, \.mean),
        SummaryField("duration", "duration", .seconds, decimals: 2, \.duration),
        SummaryField("active_duration", "active", .seconds, decimals: 2, \.activeDuration),
        SummaryField("time_to_peak", "time to peak", .seconds, decimals: 2, \.timeToPeak),
        SummaryField("peak_rfd", "peak RFD", .rate, decimals: 1, \.peakRFD),
        SummaryField("impulse", "impulse", .impulse, decimals: 2, \.impulse),
        SummaryField(count: "sample_count", "readings", detailKey: "readings", \.sampleCount),
        SummaryField(count: "gap_count", "link gaps", detailKey: "gaps", \.gapCount),
        SummaryField("gap_duration", "gap time", .seconds, decimals: 1, detailKey: .some(nil), \.gapDuration),
        SummaryField("threshold", "threshold", .force, decimals: 2, \.threshold),
    ]

    /// A summary with no figures yet, for reading one back field by field.
    package static var empty: SessionSummary {
        SessionSummary(
            peak: 0,
            peakTime: 0,
            mean: 0,
            duration: 0,
            activeDuration: 0,
            timeToPeak: 0,
            peakRFD: 0,
            impulse: 0,
            reps: [],
            sampleCount: 0,
            gapCount: 0,
            gapDuration: 0,
            threshold: 0
        )
    }
}
