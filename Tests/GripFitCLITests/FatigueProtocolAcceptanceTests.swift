import Foundation
import Testing

/// Issue 34's sustained, intermittent and rapid-exchange protocols through the CLI's own parse and
/// run, in-process, on the simulator (ProtocolAcceptanceTests takes `record --protocol` through the
/// binary): each run once for a calibrated subject by a scripted person (`--person` with its
/// hold, fade and release), every figure `show A<n>` prints checked against a computation here from
/// the script (FR50 and the fatigue index to one sample interval and 1 %), and the same figures in
/// the report, the JSON and CSV listings and a validated FHIR Bundle. No test waits on a clock.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(10)))
struct FatigueProtocolAcceptanceTests {
    /// The simulator streams at its default 10 Hz: one sample interval.
    static let sampleInterval = 0.1

    /// The text after "MEASURE, HAND hand (NAME v1, definition): " in `text` (wrapped lines joined), up to the line's end.
    static func figure(_ text: String, _ measure: String, hand: String, protocol name: String) -> String? {
        let flat = ClinicalAcceptanceTests.unwrapped(text)
        let head = "\(measure), \(hand) hand (\(name) v1, "
        for line in flat.split(separator: "\n") {
            guard let start = line.range(of: head), let colon = line[start.upperBound...].range(of: "): ") else { continue }
            return String(line[colon.upperBound...])
        }
        return nil
    }

    /// The leading number of a figure's text ("8.30 s from 1 trial" → 8.3).
    static func number(_ text: String?) -> Double? {
        guard let text else { return nil }
        return Double(text.prefix { $0.isNumber || $0 == "." || $0 == "-" })
    }

    /// A time from a trace to one sample interval (and the host's read delay, ``TestLimits/stamping``) and 1 %.
    static func within(_ value: Double?, _ expected: Double, interval: Double = sampleInterval + TestLimits.stamping) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= interval + abs(expected) * 0.01
    }

    /// A calibrated GripFit and subject P1 (right-handed): `protocol` run by the person; the run's
    /// stdout and `show A<n>`'s text. `assessment`: the assessment the run files.
    static func record(
        _ cli: BuiltBinary,
        protocol name: String,
        person: [String],
        assessment: String = "A1",
        setUp: Bool = true
    ) throws -> (stdout: String, show: String) {
        if setUp {
            try cli.calibrateLikeTheSimulator()
            let added = cli.runInProcess("subject", "add", "P1", "--sex", "male", "--birth-date", "1970-03-01", "--dominant", "right")
            #expect(added.status == 0, "\(added.stderr)")
        }
        let record = cli.runInProcess(["record", "--simulate", "--protocol", name, "--subject", "P1"] + person)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("saved assessment \(assessment) of P1"), "\(record.stdout)")
        let show = cli.runInProcess("show", assessment)
        #expect(show.status == 0, "\(show.stderr)")
        return (record.stdout, show.stdout)
    }

    /// The assessment as `history --assessments --json` lists it: its `figures`, keyed "MEASURE HAND".
    static func listedFigures(_ cli: BuiltBinary, _ assessment: String) throws -> [String: [String: Any]] {
        let listed = cli.runInProcess("history", "--assessments", "--json")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let entry = try #require(all.first { $0["id"] as? String == assessment })
        let figures = try #require(entry["figures"] as? [[String: Any]], "\(entry)")
        return Dictionary(figures.map { ("\($0["measure"] as? String ?? "") \($0["hand"] as? String ?? "")", $0) }) { first, _ in first }
    }

    /// The report names each figure with its statistic, the CSV listing carries the same lines, and
    /// the FHIR Bundle validates with each figure a component in its UCUM unit. The report writes
    /// forces to 0.1 kg where `show` writes 0.01: a line's seconds, per cent or ratio are compared
    /// whole, a force by its measure and statistic only.
    static func expectEveryOutput(_ cli: BuiltBinary, _ assessment: String, show: String, lines: [String], units: [String]) throws {
        let html = cli.home + "/\(assessment).html"
        let report = cli.runInProcess("report", assessment, "-o", html)
        #expect(report.status == 0, "\(report.stderr)")
        let page = ClinicalAcceptanceTests.unwrapped(try String(contentsOfFile: html, encoding: .utf8))
        let csv = cli.runInProcess("history", "--assessments", "--format", "csv").stdout
        let shown = ClinicalAcceptanceTests.unwrapped(show)
        for line in lines {
            #expect(shown.contains(line), "show: \(line)\n\(show)")
            let split = try #require(line.range(of: "): "), "\(line)")
            let value = line[split.upperBound...]
            let token = value.prefix { $0 != " " }
            let compared = String(line[..<split.upperBound]) + (value.dropFirst(token.count).hasPrefix(" kg") ? "" : token)
            #expect(page.contains(compared), "report: \(compared)")
            #expect(csv.contains(compared), "csv: \(compared)\n\(csv)")
        }
        let bundle = cli.home + "/\(assessment).fhir.json"
        let fhir = cli.runInProcess("export", assessment, "--format", "fhir", "-o", bundle)
        #expect(fhir.status == 0, "\(fhir.stderr)")
        ClinicalAcceptanceTests.expectValidFHIR(bundle)
        let text = try String(contentsOfFile: bundle, encoding: .utf8)
        #expect(text.contains("urn:gripfit:figure"), "\(text)")
        for unit in units {
            #expect(text.contains("\"system\":\"http://unitsofmeasure.org\",\"code\":\"\(unit)\""), "\(unit) in \(text)")
        }
    }

    /// Peak 40 kg held while it fades 6 % of the peak per second: FRx = (100 − x) / 6 seconds.
    @Test func sustainedReportsFR75FR50AndFR25FromTheTrace() throws {
        let cli = BuiltBinary()
        let fade = 6.0
        let (stdout, show) = try Self.record(
            cli,
            protocol: "sustained",
            person: ["--person", "right=40", "--person-hold", "40", "--person-fade", "\(fade)"]
        )
        #expect(stdout.contains("hold on as long as you can"), "\(stdout)")
        var lines: [String] = []
        for percent in [75, 50, 25] {
            let expected = Double(100 - percent) / fade
            for text in [stdout, show] {
                let found = Self.figure(text, "FR\(percent)", hand: "right", protocol: "sustained")
                #expect(Self.within(Self.number(found), expected), "FR\(percent) \(found ?? "none") vs \(expected)\n\(text)")
                #expect(found?.hasSuffix("s from 1 trial") == true, "\(found ?? "none")")
            }
            let line = "FR\(percent), right hand (sustained v1, time from the peak to fall to \(percent) % of it): "
            lines.append(line + (Self.figure(show, "FR\(percent)", hand: "right", protocol: "sustained") ?? ""))
        }
        #expect(!show.contains("left hand (sustained"), "one hand only: \(show)")
        let listed = try Self.listedFigures(cli, "A1")
        let fr50 = try #require(listed["FR50 right"])
        #expect(fr50["unit"] as? String == "s" && fr50["statistic"] as? String == "time from the peak to fall to 50 % of it")
        #expect(Self.within(fr50["value"] as? Double, 50 / fade), "\(fr50)")
        try Self.expectEveryOutput(cli, "A1", show: show, lines: lines, units: ["s"])
    }

    /// Acceptance's bad input: a grip that fades too slowly to reach 25 % before the cut-off
    /// (--duration 4 here, 30 s by default) reports that, not a number, and still counts.
    @Test func aSustainedGripThatNeverFallsTo25PercentSaysSo() throws {
        let cli = BuiltBinary()
        let (_, show) = try Self.record(
            cli,
            protocol: "sustained",
            person: ["--duration", "4", "--person", "right=30", "--person-hold", "60", "--person-fade", "2"]
        )
        #expect(Self.figure(show, "FR25", hand: "right", protocol: "sustained") == "did not fall to 25 % within 4 s", "\(show)")
        #expect(Self.figure(show, "FR50", hand: "right", protocol: "sustained") == "did not fall to 50 % within 4 s", "\(show)")
        #expect(!show.contains("flagged"), "the cut-off ends a held grip unflagged: \(show)")
        let listed = try Self.listedFigures(cli, "A1")
        let fr25 = try #require(listed["FR25 right"])
        #expect(fr25["value"] is NSNull && fr25["missing"] as? String == "did not fall to 25 % within 4 s", "\(fr25)")
        let bundle = cli.home + "/A1.fhir.json"
        #expect(cli.runInProcess("export", "A1", "--format", "fhir", "-o", bundle).status == 0)
        ClinicalAcceptanceTests.expectValidFHIR(bundle)
        #expect(try String(contentsOfFile: bundle, encoding: .utf8).contains("\"valueString\":\"did not fall to 25 % within 4 s\""))
    }

    /// Twelve scripted peaks: the fatigue index of the first and last, and the least-squares slope over trial numbers.
    @Test func intermittentReportsTheFatigueIndexAndThePeakSlope() throws {
        let cli = BuiltBinary()
        let peaks = [40.0, 39, 38.5, 37, 36, 35.5, 34, 33, 32.5, 31, 30, 29]
        let (stdout, show) = try Self.record(
            cli,
            protocol: "intermittent",
            person: [
                "--rest", "0", "--speed", "5", "--person", "right=" + peaks.map { "\($0)" }.joined(separator: ","), "--person-hold", "1",
            ]
        )
        #expect(stdout.contains("Trial 12 of 12, right hand") && !stdout.contains("left hand"), "\(stdout)")
        let index = (peaks[0] - peaks[11]) / peaks[0] * 100
        let xs = (1...12).map(Double.init)
        let (meanX, meanY) = (xs.reduce(0, +) / 12, peaks.reduce(0, +) / 12)
        let slope = zip(xs, peaks).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) } / xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        for text in [stdout, show] {
            let found = Self.figure(text, "fatigue index", hand: "right", protocol: "intermittent")
            // The peaks are read to the simulator's noise: 1 % of the index, no sample interval.
            #expect(Self.within(Self.number(found), index, interval: 0.2), "\(found ?? "none") vs \(index)\n\(text)")
            #expect(found?.hasSuffix("% from 12 trials") == true, "\(found ?? "none")")
            let slopeText = Self.figure(text, "peak slope", hand: "right", protocol: "intermittent")
            #expect(Self.within(Self.number(slopeText), slope, interval: 0.02), "\(slopeText ?? "none") vs \(slope)")
            #expect(slopeText?.hasSuffix("kg/trial from 12 trials") == true, "\(slopeText ?? "none")")
        }
        let listed = try Self.listedFigures(cli, "A1")
        #expect(listed["fatigue index right"]?["unit"] as? String == "%" && listed["peak slope right"]?["unit"] as? String == "kg/trial")
        let lines = ["fatigue index", "peak slope"].map { measure in
            let head =
                measure == "peak slope"
                ? "least-squares slope of the peak over trials" : "(PT1 − PTn) / PT1 × 100, PT the peak of the first and last trial"
            return "\(measure), right hand (intermittent v1, \(head)): "
                + (Self.figure(show, measure, hand: "right", protocol: "intermittent") ?? "")
        }
        try Self.expectEveryOutput(cli, "A1", show: show, lines: lines, units: ["%", "kgf/{trial}"])
    }

    /// A static assessment first (Southampton), then the rapid exchange: each hand's mean beside
    /// that hand's static best as a ratio, with the caveat and its source, never a verdict.
    @Test func rapidExchangeIsSetBesideTheLatestStaticMaximum() throws {
        let cli = BuiltBinary()
        _ = try Self.record(
            cli,
            protocol: "southampton",
            person: ["--rest", "0", "--speed", "5", "--person", "right=30,32,31", "--person", "left=25,24,26"]
        )
        let (right, left) = ([20.0, 22, 21, 23], [18.0, 17, 19, 18])
        let (stdout, show) = try Self.record(
            cli,
            protocol: "rapid-exchange",
            person: [
                "--trials", "4", "--speed", "5", "--person", "right=" + right.map { "\($0)" }.joined(separator: ","),
                "--person", "left=" + left.map { "\($0)" }.joined(separator: ","), "--person-reaction", "0.35",
                "--person-rise", "0.3", "--person-hold", "0.2",
            ],
            assessment: "A2",
            setUp: false
        )
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        for text in [stdout, show] {
            for (hand, peaks, best) in [("right", right, 32.0), ("left", left, 26.0)] {
                let result = Self.figure(text, "result", hand: hand, protocol: "rapid-exchange")
                #expect(Self.within(Self.number(result), mean(peaks), interval: 0.1), "\(result ?? "none")\n\(text)")
                let ratio = Self.figure(text, "REG/static ratio", hand: hand, protocol: "rapid-exchange")
                #expect(Self.within(Self.number(ratio), mean(peaks) / best, interval: 0.01), "\(ratio ?? "none")")
                let shownBest = ratio?.firstMatch(of: /static best ([0-9.]+) kg in A1 \(southampton v1\)/).map { String($0.output.1) }
                #expect(Self.within(shownBest.flatMap(Double.init), best, interval: 0.1), "\(ratio ?? "none")")
                #expect(ratio?.contains("information only, not a verdict") == true && ratio?.contains("Almoosa 2024") == true)
            }
        }
        #expect(!show.lowercased().contains("insincere:") && !show.contains("sincere effort"), "never a verdict: \(show)")
        let lines = ["right", "left"].map { hand in
            "REG/static ratio, \(hand) hand (rapid-exchange v1, mean rapid-exchange peak / best static peak of the same hand): "
                + (Self.figure(show, "REG/static ratio", hand: hand, protocol: "rapid-exchange") ?? "")
        }
        try Self.expectEveryOutput(cli, "A2", show: show, lines: lines, units: ["1", "kgf"])
    }

    @Test func anUnknownProtocolListsAllSeven() {
        let unknown = InProcessParse.run(["record", "--simulate", "--protocol", "quick"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
        for name in ["standard", "southampton", "asht", "nih-toolbox", "sustained", "intermittent", "rapid-exchange"] {
            #expect(ProtocolAcceptanceTests.flat(unknown.stderr).contains(name), "\(name): \(unknown.stderr)")
        }
        let rest = InProcessParse.run(["record", "--simulate", "--protocol", "rapid-exchange", "--rest", "5"])
        #expect(rest.status == 64 && ProtocolAcceptanceTests.flat(rest.stderr).contains("the rapid-exchange protocol"), "\(rest.stderr)")
        let trials = InProcessParse.run(["record", "--simulate", "--protocol", "sustained", "--trials", "2"])
        #expect(trials.status == 64, "\(trials.stderr)")
        #expect(InProcessParse.run(["record", "--simulate", "--protocol", "intermittent", "--trials", "12"]).status == -1, "parsed")
    }
}
