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
    /// Its cue asks for a held grip, so `show` and the report give each trial's force–time measures
    /// (``TrialMeasures``); the exports give them for every protocol.
    public var holdsGrip = false

    /// "southampton v1": how outputs name the protocol an assessment ran.
    public var title: String { "\(name) v\(version)" }

    /// Every protocol `record --protocol` and the dashboard's picker offer, in the order they list them.
    public static let all: [GripProtocol] = [standard, southampton, asht, nihToolbox]

    /// The protocol called `name`; nil for any other name.
    public static func named(_ name: String) -> GripProtocol? {
        all.first { $0.name == name }
    }

    /// The known names, for a message refusing another: "standard, southampton, asht, nih-toolbox".
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
}
