/// A named, versioned grip protocol as data: how many trials each hand gets and in what order, any
/// practice trials, the rest, what is cued and for how long, which statistic is its result and which
/// of `record`'s overrides it allows. ``GuidedProtocol`` runs every one of them the same way, so a
/// new protocol is a new value in ``all``, not a branch in the engine or in an output.
/// Sources for each are in ``source`` (and the README's protocol table).
public struct GripProtocol: Equatable, Sendable {
    /// The order of a run's trials.
    public enum HandOrder: String, Equatable, Sendable {
        /// Right, left, right, left … (from the first hand).
        case alternating
        /// Every trial of the first hand (its practice first), then every trial of the other.
        case blocked
    }

    /// Which hand a run starts with when `--hand` does not say.
    public enum FirstHand: Equatable, Sendable {
        case right
        /// The subject's dominant hand, right when it is not known.
        case dominant
    }

    /// The figure a protocol reports as its result, from the counted test trials (never a practice trial).
    public enum Statistic: String, Equatable, Sendable, CaseIterable {
        /// Best and mean per hand (`standard`: what the best/mean table already shows).
        case bestAndMean = "best and mean per hand"
        /// The highest peak of every trial of either hand (Southampton; the statistic Dodds et al.'s norms use).
        case maximumOfAll = "maximum of all trials, either hand"
        /// The mean of the trials of each hand (ASHT).
        case meanPerHand = "mean of the trials per hand"
        /// Each hand's one test trial (NIH Toolbox).
        case testTrial = "the test trial per hand"
        /// FR75, FR50 and FR25 of one held grip (sustained): ``GripProtocol/Measure/fr50``.
        case forceDecline = "time from the peak to fall to 75, 50 and 25 % of it"
        /// The fatigue index and the slope of the peaks over repeated grips (intermittent).
        case fatigue = "fatigue index and slope of the peak over trials"
        /// The mean of each hand's rapid-exchange peaks, beside the static maximum (rapid exchange).
        case rapidExchange = "mean of the rapid-exchange peaks per hand"

        /// Whether it is a static maximal grip's figure: what a rapid-exchange run is compared with.
        public var isStatic: Bool { [.bestAndMean, .maximumOfAll, .meanPerHand, .testTrial].contains(self) }
    }

    /// What `record` (and the dashboard) may change.
    public enum Override: String, Equatable, Sendable, CaseIterable {
        case trials = "--trials"
        case rest = "--rest"
        case hand = "--hand"
    }

    public var name: String
    /// How the page's picker and headings name it: "Southampton".
    public var label: String
    /// Bumped whenever any field below changes what a run does or reports, so an assessment says which one ran.
    public var version: Int
    /// One line for `record --help` and the dashboard's picker.
    public var summary: String
    public var trialsPerHand: Int
    /// Sub-maximal practice trials per hand, before that hand's test trials; never counted.
    public var practicePerHand: Int
    public var order: HandOrder
    public var firstHand: FirstHand
    public var restSeconds: Double
    /// The rest a run may ask for; `--rest` outside it is refused.
    public var restRange: ClosedRange<Double>
    /// What the person is told at each cue.
    public var cue: String
    /// What a practice trial's cue says instead.
    public var practiceCue: String
    /// The longest an attempt may last from the cue, in seconds.
    public var trialLimit: Double
    public var statistic: Statistic
    public var overrides: Set<Override>
    /// Where the protocol comes from.
    public var source: String
    /// False: the run uses one hand only (the first hand), as a fatigue test does.
    public var bothHands = true
    /// The trials per hand `--trials` may ask for.
    public var trialsRange = GuidedProtocol.Settings.trialsPerHandRange
    /// True: a trial lasts until ``trialLimit`` (the hold's cut-off, or a grip's fixed length), so
    /// reaching it while squeezing ends the trial as it should, not a flag.
    public var holdsToLimit = false
    /// Seconds from one cue to the next (a paced cue), instead of a rest after each trial; nil: rest.
    public var paceSeconds: Double?
    /// Its cue asks for a held grip, so `show` and the report give each trial's force–time measures
    /// (``TrialMeasures``); the exports give them for every protocol.
    public var holdsGrip = false

    /// "southampton v1": how outputs name the protocol an assessment ran.
    public var title: String { "\(name) v\(version)" }

    /// Every protocol `record --protocol` and the dashboard's picker offer, in the order they list them.
    public static let all: [GripProtocol] = [standard, southampton, asht, nihToolbox, sustained, intermittent, rapidExchange]

    /// Trials per hand any protocol may run (what an imported assessment may hold).
    public static var anyTrialsRange: ClosedRange<Int> {
        (all.map(\.trialsRange.lowerBound).min() ?? 1)...(all.map(\.trialsRange.upperBound).max() ?? 1)
    }

    /// The protocol called `name`; nil for any other name.
    public static func named(_ name: String) -> GripProtocol? {
        all.first { $0.name == name }
    }

    /// The known names, for a message refusing another: "standard, southampton, asht, nih-toolbox, …".
    public static var names: String { all.map(\.name).joined(separator: ", ") }

    /// Today's guided protocol, unchanged: what every assessment recorded before named protocols ran.
    public static let standard = GripProtocol(
        name: "standard",
        label: "Standard",
        version: 1,
        summary: "3 maximal trials per hand (1 to 5), alternating; best and mean per hand",
        trialsPerHand: 3,
        practicePerHand: 0,
        order: .alternating,
        firstHand: .right,
        restSeconds: 30,
        restRange: 0...3_600,
        cue: "Squeeze now — as hard as you can, then let go.",
        practiceCue: "Squeeze now — as hard as you can, then let go.",
        trialLimit: 10,
        statistic: .bestAndMean,
        overrides: [.trials, .rest, .hand],
        source: "GripFit's own; three trials per hand as in the ASHT and Southampton protocols"
    )

    public static let southampton = GripProtocol(
        name: "southampton",
        label: "Southampton",
        version: 1,
        summary: "3 trials per hand, alternating, right first; the maximum of all six (Roberts et al. 2011)",
        trialsPerHand: 3,
        practicePerHand: 0,
        order: .alternating,
        firstHand: .right,
        restSeconds: 30,
        restRange: 0...3_600,
        cue: "Squeeze now — as hard and as long as you can until I say stop.",
        practiceCue: "Squeeze now — as hard and as long as you can until I say stop.",
        trialLimit: 10,
        statistic: .maximumOfAll,
        overrides: [.rest, .hand],
        source: "Roberts HC et al., Age Ageing 2011;40(4):423–9 (PubMed 21624928)",
        holdsGrip: true
    )

    public static let asht = GripProtocol(
        name: "asht",
        label: "ASHT",
        version: 1,
        summary: "3 trials per hand, at least 15 s rest; the mean of three per hand (ASHT 2015)",
        trialsPerHand: 3,
        practicePerHand: 0,
        order: .alternating,
        firstHand: .right,
        restSeconds: 15,
        restRange: 15...3_600,
        cue: "Squeeze now — as hard as you can, hold for at least 3 seconds, then let go.",
        practiceCue: "Squeeze now — as hard as you can, hold for at least 3 seconds, then let go.",
        trialLimit: 10,
        statistic: .meanPerHand,
        overrides: [.rest, .hand],
        source: "ASHT Clinical Assessment Recommendations, 3rd ed. (2015); BMC Geriatrics 2017, doi:10.1186/s12877-017-0625-y, Table 3",
        holdsGrip: true
    )

    public static let nihToolbox = GripProtocol(
        name: "nih-toolbox",
        label: "NIH Toolbox",
        version: 1,
        summary: "1 practice and 1 test trial per hand, dominant first, about 3 s each (NIH Toolbox)",
        trialsPerHand: 1,
        practicePerHand: 1,
        order: .blocked,
        firstHand: .dominant,
        restSeconds: 15,
        restRange: 0...3_600,
        cue: "3-2-1-squeeze! As hard as you can; let go after about 3 seconds.",
        practiceCue: "Practice: 3-2-1-squeeze, not as hard as you can; let go after about 3 seconds.",
        trialLimit: 10,
        statistic: .testTrial,
        overrides: [.rest, .hand],
        source: "NIH Toolbox grip strength test (OMB ICR 201105-0925-006, Attachment 36)",
        holdsGrip: true
    )

    /// One maximal grip held until the cut-off (``trialLimit``, `--duration`); FR75/FR50/FR25 from its trace.
    public static let sustained = GripProtocol(
        name: "sustained",
        label: "Sustained grip",
        version: 1,
        summary: "1 maximal grip held up to 30 s, dominant hand; FR75/FR50/FR25: time from the peak to fall to 75/50/25 % of it",
        trialsPerHand: 1,
        practicePerHand: 0,
        order: .blocked,
        firstHand: .dominant,
        restSeconds: 0,
        restRange: 0...3_600,
        cue: "Squeeze now — as hard as you can, and hold on as long as you can until I say stop.",
        practiceCue: "Squeeze now — as hard as you can, and hold on as long as you can until I say stop.",
        trialLimit: 30,
        statistic: .forceDecline,
        overrides: [.hand],
        source: "Sustained grip, FR75/FR50/FR25 (J Biomed Phys Eng, jbpe.sums.ac.ir article 47456)",
        bothHands: false,
        trialsRange: 1...1,
        holdsToLimit: true,
        holdsGrip: true
    )

    /// Repeated maximal grips of a fixed length with a short rest: the fatigue index and the slope of the peaks.
    public static let intermittent = GripProtocol(
        name: "intermittent",
        label: "Intermittent endurance",
        version: 1,
        summary: "12 maximal grips of 3 s, 5 s rest, dominant hand; fatigue index (PT1 − PT12) / PT1 × 100 and peak slope",
        trialsPerHand: 12,
        practicePerHand: 0,
        order: .blocked,
        firstHand: .dominant,
        restSeconds: 5,
        restRange: 0...3_600,
        cue: "Squeeze now — as hard as you can; let go when I say stop.",
        practiceCue: "Squeeze now — as hard as you can; let go when I say stop.",
        trialLimit: 3,
        statistic: .fatigue,
        overrides: [.trials, .rest, .hand],
        source: "Intermittent handgrip endurance, fatigue index (PMC3776088)",
        bothHands: false,
        trialsRange: 2...30,
        holdsToLimit: true,
        holdsGrip: true
    )

    /// Alternating hands on a paced cue; information beside the static maximum, never a verdict.
    public static let rapidExchange = GripProtocol(
        name: "rapid-exchange",
        label: "Rapid exchange grip",
        version: 1,
        summary: "10 squeezes per hand, alternating on a cue every 1.5 s; mean per hand beside the static maximum (information only)",
        trialsPerHand: 10,
        practicePerHand: 0,
        order: .alternating,
        firstHand: .right,
        restSeconds: 0,
        restRange: 0...0,
        cue: "Squeeze — quickly, then switch hands.",
        practiceCue: "Squeeze — quickly, then switch hands.",
        trialLimit: 3,
        statistic: .rapidExchange,
        overrides: [.trials, .hand],
        source: "Rapid exchange grip (Hildreth 1989); Almoosa 2024 review: REG \"may falsely label a patient as insincere\"",
        trialsRange: 1...20,
        paceSeconds: 1.5
    )
}
