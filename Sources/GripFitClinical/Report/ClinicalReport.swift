import GripFitCore

/// What one printed assessment page shows, as plain values: the integrator fills it from a stored
/// assessment, tests fill it by hand, and `ReportHTML` only lays it out. Text fields are untrusted
/// (subject codes, device names and reasons come from users and devices) and stay raw here: they are
/// escaped once, at output.
public struct ClinicalReport: Sendable, Equatable {
    public var subjectCode: String
    /// Exact years at the assessment's date; the page prints the 5-year band only (the chart places the
    /// point at this age but labels it with the band).
    public var age: Double?
    public var sex: Sex?
    /// "right", "left", "ambidextrous"; nil when not recorded.
    public var dominantHand: String?
    /// The assessment's date as the page prints it (the caller formats it, e.g. "2026-11-24").
    public var date: String
    public var device: ReportDevice
    public var protocolUsed: ReportProtocol
    /// Left then right, as the page prints them; a hand with no attempt is absent.
    public var hands: [HandResult]
    /// Left/right difference in % of the stronger hand's best, as the assessment computed it (the page says so).
    public var differencePercent: Double?
    /// The hand with the higher best, named beside the difference as the terminal names it.
    public var strongerHand: Hand?
    /// Dominant over non-dominant hand, when the dominant hand is known.
    public var dominanceRatio: Double?
    /// The CV above which trials are called inconsistent (default 15 %): printed beside every CV with
    /// the decimals it has, as the terminal prints it.
    public var consistencyThresholdPercent: Double
    public var norm: NormSection
    /// The norm's centile curves for the subject's sex; empty when there is no norm to draw.
    public var centileCurves: [CentileCurve]
    /// The subject's best grip at their age, on the centile chart; nil without age or best.
    public var subjectPoint: ChartPoint?
    /// Earlier assessments of the same subject, oldest first.
    public var trend: [TrendPoint]

    public init(
        subjectCode: String,
        age: Double?,
        sex: Sex?,
        dominantHand: String?,
        date: String,
        device: ReportDevice,
        protocolUsed: ReportProtocol,
        hands: [HandResult],
        differencePercent: Double?,
        strongerHand: Hand? = nil,
        dominanceRatio: Double?,
        consistencyThresholdPercent: Double = 15,
        norm: NormSection,
        centileCurves: [CentileCurve],
        subjectPoint: ChartPoint?,
        trend: [TrendPoint]
    ) {
        self.subjectCode = subjectCode
        self.age = age
        self.sex = sex
        self.dominantHand = dominantHand
        self.date = date
        self.device = device
        self.protocolUsed = protocolUsed
        self.hands = hands
        self.differencePercent = differencePercent
        self.strongerHand = strongerHand
        self.dominanceRatio = dominanceRatio
        self.consistencyThresholdPercent = consistencyThresholdPercent
        self.norm = norm
        self.centileCurves = centileCurves
        self.subjectPoint = subjectPoint
        self.trend = trend
    }

    /// "45–49": the age a page may show without narrowing the subject down to a birth year.
    public var ageBand: String? {
        age.flatMap(Age.band)
    }
}
