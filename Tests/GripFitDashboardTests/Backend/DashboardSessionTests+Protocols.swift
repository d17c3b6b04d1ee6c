import Foundation
import GripFitCore
import GripFitDashboard
import GripFitStore
import ScratchSupport
import Synchronization
import Testing

/// Named protocols run from the page (issue 34): the simulated person hears each cue with its
/// hand and slot, a dominant-first protocol starts with the subject's dominant hand, the page's
/// assessment carries each protocol's figures with their statistics (read from the traces, as
/// `show` reads them). A session on a sped-up simulator gets the simulator's instants from the
/// driver's clock (MonotonicClockTests, WallClockTests).
extension DashboardSessionTests {
    /// A person who squeezes on each cue the session passes on (its `cue`), noting each as "left 1".
    final class Cues: Sendable {
        private let heard = Mutex<(all: [String], pending: Int)>(([], 0))

        var all: [String] { heard.withLock { $0.all } }

        func cue(_ hand: Hand, _ slot: Int) {
            heard.withLock {
                $0.all.append("\(hand.rawValue) \(slot)")
                $0.pending += 1
            }
        }

        /// Whether a cue came since the last call.
        func takeCue() -> Bool {
            heard.withLock { heard in
                defer { heard.pending = 0 }
                return heard.pending > 0
            }
        }
    }

    /// A still handle, and on each of `person`'s cues (half a second later, well after the
    /// reaction time) a squeeze of 16 kg: a reading every `every`, each deadline ticked as it falls
    /// due, until the run is over (or `limit` readings). The instant it ended.
    @discardableResult
    func runProtocol(
        _ session: DashboardSession,
        person: Cues,
        every: Duration = .milliseconds(100),
        limit: Int = 2_000
    ) throws -> MonotonicInstant {
        let link = LinkFacts(firmware: "1.0", portOpen: true)
        let squeeze: [Int32] = [0, 0, 0, 0, 0, 20_000, 100_000, 200_000, 300_000, 320_000, 310_000, 200_000, 100_000, 20_000, 1_000]
        var now = MonotonicInstant(nanoseconds: 1_000_000_000)
        var actions: [ConsumerAction] = []
        func feed(_ report: LinkReport) {
            while let due = session.nextDeadline, due <= now { session.tick(at: due, link: link, into: &actions) }
            session.handle(report, at: now, link: link, into: &actions)
        }
        feed(.state(.connected))
        var coming: [Int32] = []
        for index in 0..<limit {
            if person.takeCue() { coming = squeeze }
            now = now + every
            feed(.message(.reading(coming.isEmpty ? 0 : coming.removeFirst())))
            if index % 10 == 0, try (status(session)["recording"] as? [String: Any])?["state"] as? String == "idle" { break }
        }
        return now
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The person hears each cue with its hand and its place among that hand's cues, practice
    /// first, as `record --simulate --person` tells them; NIH Toolbox starts with the subject's
    /// dominant hand (left here), as `record --protocol nih-toolbox` does.
    @Test func eachCueReachesThePersonWithItsHandAndSlot() throws {
        let cues = Cues()
        let session = try session(cue: { cues.cue($0, $1) })
        _ = try session.history.addSubject(SubjectForm(code: "P1", dominant: "left"))
        _ = try session.startProtocol(.nihToolbox, firstHand: nil, label: nil, trialsPerHand: nil, restSeconds: 0, subject: "P1")
        try runProtocol(session, person: cues)
        #expect(cues.all == ["left 1", "left 2", "right 1", "right 2"])
    }

    /// The page's assessment names its protocol and version, gives each figure with the statistic
    /// that made it, and each attempt's force–time measures for a protocol that holds a grip.
    @Test func anAssessmentGivesEachFigureWithItsStatistic() throws {
        let person = Cues()
        let session = try session(cue: { person.cue($0, $1) })
        _ = try session.startProtocol(.southampton, firstHand: nil, label: nil, trialsPerHand: 1, restSeconds: 0, subject: nil)
        try runProtocol(session, person: person)
        let assessment = try object(try session.history.assessment(id: 1))
        let about = try #require(assessment["protocol"] as? [String: Any])
        #expect(about["title"] as? String == "southampton v1" && about["label"] as? String == "Southampton", "\(about)")
        #expect((about["source"] as? String)?.contains("Roberts") == true, "\(about)")
        let figures = try #require(assessment["figures"] as? [[String: Any]])
        let described = figures.map { "\($0["name"] ?? "") \($0["hand"] ?? "-"): \($0["statistic"] ?? "")" }
        #expect(described == ["Peak right: Peak of 1 (right)", "Peak left: Peak of 1 (left)", "Result <null>: Maximum of 2 trials"])
        for figure in figures { #expect(abs((figure["value"] as? Double ?? 0) - 16) < 0.01, "\(figure)") }
        let trials = try #require(assessment["trials"] as? [[String: Any]])
        #expect(trials.count == 2 && trials.first?["hand"] as? String == "right", "\(trials)")
        #expect((trials.first?["measures"] as? [String])?.contains { $0.hasPrefix("time to peak ") } == true, "\(trials)")
    }

    /// A sustained grip's FR75/50/25 come from the attempt's trace, read as `show` reads it: the
    /// page's assessment gives them as times, not "its trace was not read".
    @Test func aSustainedGripsDeclineIsReadFromItsTrace() throws {
        let person = Cues()
        let session = try session(cue: { person.cue($0, $1) })
        _ = try session.startProtocol(.sustained, firstHand: nil, label: nil, trialsPerHand: nil, restSeconds: nil, subject: nil)
        try runProtocol(session, person: person)
        let figures = try #require(try object(try session.history.assessment(id: 1))["figures"] as? [[String: Any]])
        let declines = figures.filter { ($0["name"] as? String)?.hasPrefix("FR") == true }
        #expect(declines.map { $0["name"] as? String } == ["FR75", "FR50", "FR25"], "\(figures)")
        for decline in declines {
            #expect(decline["missing"] == nil && (decline["value"] as? Double ?? 0) > 0, "\(decline)")
            #expect(decline["unit"] as? String == "s" && (decline["text"] as? String)?.hasSuffix(" s") == true, "\(decline)")
        }
        #expect(declines[1]["statistic"] as? String == "time from the peak to fall to 50 % of it, 1 trial (right)")
    }
}
