import GripFitCore
import GripFitOutput

/// The guided protocol's state as the dashboard's `guided` event: the phase with its trial, the
/// live force while squeezing, the rest countdown, every ended attempt with its flag, and at the
/// end the summary `record --protocol` prints (best and mean per hand with their trials, the
/// left/right difference, and the protocol's result with its statistic). It names the protocol and
/// carries its cue wording, so the page shows any protocol without knowing it. Forces are in the
/// display unit, or raw counts without a calibration.
public enum GuidedJSON {
    /// `machine` as it stands at `now`; `stopped`: the user ended it (also before it began).
    public static func event(
        _ machine: GuidedProtocol,
        display: ForceDisplay,
        label: String?,
        at now: MonotonicInstant,
        time: String,
        stopped: Bool = false,
        error: String? = nil
    ) -> JSONObject {
        func force(_ stored: Double) -> Double {
            display.convert(stored: stored, calibrated: display.isCalibrated).rounded(decimals: 3)
        }
        var object = JSONObject()
        object.set("event", "guided")
        object.set("time", time)
        let phase = stopped ? .finished : machine.phase
        switch phase {
        case .finished:
            object.set("phase", "finished")
        case .idle:
            object.set("phase", "waiting")
        case .settling(let trial, let attempt):
            object.set("phase", "settle")
            set(trial, attempt: attempt, perHand: machine.settings.trialsPerHand, in: &object)
            // Why a still handle is not cued: `loaded` with its force, or `zero_unknown` with its raw level.
            switch machine.holdup {
            case .loaded(let load)?:
                var holdup = JSONObject()
                holdup.set("reason", "loaded")
                holdup.set("force", force(load))
                object.set("holdup", holdup)
            case .zeroUnknown(let level)?:
                var holdup = JSONObject()
                holdup.set("reason", "zero_unknown")
                holdup.set("raw", level.rounded())
                object.set("holdup", holdup)
            case nil:
                object.setNull("holdup")
            }
        case .squeezing(let trial, let attempt, let current, let peak):
            object.set("phase", "squeeze")
            set(trial, attempt: attempt, perHand: machine.settings.trialsPerHand, in: &object)
            if let current { object.set("force", force(current)) } else { object.setNull("force") }
            if let peak { object.set("peak", force(peak)) } else { object.setNull("peak") }
        case .resting(let trial, let attempt, let until):
            object.set("phase", "rest")
            set(trial, attempt: attempt, perHand: machine.settings.trialsPerHand, in: &object)
            object.set("remaining", GuidedProtocol.wholeSeconds(until - now))
        }
        object.set("unit", display.unitName)
        object.set("protocol", machine.settings.protocolName)
        object.set("protocol_version", machine.settings.protocolVersion)
        let named = GripProtocol.named(machine.settings.protocolName) ?? .standard
        object.set("protocol_label", named.label)
        object.set("cue", named.cue)
        object.set("practice_cue", named.practiceCue)
        object.set("practice_per_hand", machine.settings.practicePerHand)
        object.set("trials_per_hand", machine.settings.trialsPerHand)
        object.set("first_hand", machine.settings.firstSide.rawValue)
        object.set("rest", machine.settings.rest.seconds)
        object.set("attempts_per_trial", machine.settings.attemptsPerTrial)
        if let label { object.set("label", label) }
        object.set(
            "attempts",
            machine.attempts.map { attempt in
                var item = JSONObject()
                set(attempt.trial, attempt: attempt.attempt, perHand: machine.settings.trialsPerHand, in: &item)
                if let peak = attempt.peak { item.set("peak", force(peak)) } else { item.setNull("peak") }
                item.set("counts", attempt.counts)
                if let flag = attempt.flag { item.set("flag", flag.description) } else { item.setNull("flag") }
                return item
            }
        )
        if phase == .finished {
            object.set("stopped", stopped)
            var summary = summary(machine.summary, force: force)
            let results = named.result(
                left: machine.summary.counted(.left).compactMap(\.peak),
                right: machine.summary.counted(.right).compactMap(\.peak)
            ).filter { $0.measure == .result }  // the forces: the figures read from traces are the saved assessment's
            summary.set(
                "result",
                results.map { figure in
                    var item = JSONObject()
                    if let hand = figure.hand { item.set("hand", hand.rawValue) } else { item.setNull("hand") }
                    item.set("value", force(figure.value))
                    item.set("statistic", figure.statistic.rawValue)
                    item.set("trials", figure.trials)
                    item.set("text", named.resultLine(figure) { "\(display.text(stored: $0, calibrated: display.isCalibrated))" })
                    return item
                }
            )
            object.set("summary", summary)
        }
        if let error { object.set("error", error) }
        return object
    }

    /// What ``ProtocolReport`` prints, as numbers: per hand the best (and its trial) and the mean
    /// (and the trials behind it), the trials with no counted attempt, the left/right difference.
    /// Trials are numbered per hand, as the saved sessions number them (`hand_trial` in the phases).
    private static func summary(_ summary: GuidedProtocol.Summary, force: (Double) -> Double) -> JSONObject {
        var object = JSONObject()
        var hands = JSONObject()
        for side in Hand.allCases {
            guard let best = summary.best(side), let peak = best.peak, let mean = summary.mean(side) else {
                hands.setNull(side.rawValue)
                continue
            }
            var hand = JSONObject()
            hand.set("best", force(peak))
            hand.set("best_trial", best.trial.number)
            hand.set("mean", force(mean))
            hand.set("trials", summary.counted(side).map(\.trial.number))
            hands.set(side.rawValue, hand)
        }
        object.set("hands", hands)
        object.set(
            "missed",
            summary.missed.map { trial in
                var item = JSONObject()
                item.set("hand", trial.side.rawValue)
                item.set("trial", trial.number)
                return item
            }
        )
        if let difference = summary.difference {
            var item = JSONObject()
            item.set("percent", (difference.percent * 10).rounded() / 10)
            item.set("stronger", difference.stronger.rawValue)
            object.set("difference", item)
        } else {
            object.setNull("difference")
        }
        return object
    }

    /// `trial` of `trials` is numbered per hand ("trial 3 of 3, right hand"), as the CLI's cues,
    /// the summary and the saved sessions number it; `hand_trial` is the same number, kept for pages written before.
    private static func set(_ trial: GuidedProtocol.Trial, attempt: Int, perHand: Int, in object: inout JSONObject) {
        object.set("trial", trial.number)
        object.set("trials", perHand)
        object.set("hand", trial.side.rawValue)
        object.set("hand_trial", trial.number)
        object.set("practice", trial.practice)
        object.set("attempt", attempt)
    }
}
