import Foundation
import Testing

/// Issue 34 item 2 through the real binary on the simulator: one NIH Toolbox run by a scripted person
/// who rises linearly to each peak and fades in the hold, then each trial's time to peak and to 80 %
/// as `history --assessments --json` gives them, checked to one sample interval against the script
/// (plus the host's read delay, ``TestLimits/stamping``);
/// `show`, the CSV listing, the report and FHIR carry the measures too.
@Suite(.waitsOnProcesses, .timeLimit(.minutes(10)))
struct TrialMeasuresAcceptanceTests {
    @Test func timesToPeakAndTo80FollowThePersonsScript() throws {
        let cli = BuiltBinary()
        let rise = 0.6
        // Practice peak then test peak, per hand, in the order each hand is cued.
        let script: [String: [Double]] = ["right": [12, 40], "left": [10, 35.5]]
        // A fading hold puts the peak reading at the end of the rise, not wherever the noise is highest.
        let (_, assessment, show) = try ProtocolAcceptanceTests.run(
            cli,
            protocol: "nih-toolbox",
            person: ["right=12,40", "left=10,35.5"],
            extra: ["--rest", "0", "--person-rise", "\(rise)", "--person-fade", "10"]
        )
        // The rep threshold and the sample interval, from the sessions as exported.
        let file = cli.home + "/export.json"
        #expect(try cli.run("export", "--all", "-o", file).status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let sessions = try #require(document["sessions"] as? [[String: Any]])
        #expect(sessions.count == 4)
        var threshold = 0.0
        var interval = 0.0
        for session in sessions {
            threshold = max(threshold, try #require((session["summary"] as? [String: Any])?["threshold"] as? Double))
            let samples = try #require((session["trace"] as? [String: Any])?["samples"] as? [[Int]])
            let steps = zip(samples.dropFirst(), samples).map { Double($0[0] - $1[0]) / 1e6 }.sorted()
            interval = max(interval, steps[steps.count / 2])
            #expect((session["measures"] as? [String: Any])?["time_to_peak_s"] is Double, "\(session.keys)")
        }
        #expect(threshold == 2 && interval > 0)

        let attempts = try #require(assessment["attempts"] as? [[String: Any]])
        #expect(attempts.count == 4)
        for (hand, peaks) in script {
            let cued = attempts.filter { $0["hand"] as? String == hand }
                .sorted { ($0["session"] as? Int ?? 0) < ($1["session"] as? Int ?? 0) }
            #expect(cued.count == peaks.count)
            for (attempt, peak) in zip(cued, peaks) {
                let measures = try #require(attempt["measures"] as? [String: Any], "\(attempt)")
                // The force passes the threshold at threshold / peak of the rise; the peak is at its end.
                let onset = rise * threshold / peak
                let toPeak = try #require(measures["time_to_peak_s"] as? Double, "\(measures)")
                let to80 = try #require(measures["time_to_80_s"] as? Double, "\(measures)")
                let tolerance = interval + TestLimits.stamping
                #expect(abs(toPeak - (rise - onset)) <= tolerance, "\(hand) \(peak): \(toPeak) vs \(rise - onset)")
                #expect(abs(to80 - (0.8 * rise - onset)) <= tolerance, "\(hand) \(peak): \(to80) vs \(0.8 * rise - onset)")
                #expect(measures["plateau_force_kg"] is Double && measures["impulse_kg_s"] is Double, "\(measures)")
                #expect((measures["unavailable"] as? [String: Any])?.isEmpty == true, "\(measures)")
            }
        }

        // A protocol that holds the grip shows each trial's measures under it.
        #expect(show.components(separatedBy: "time to peak ").count - 1 == 4, "\(show)")
        #expect(show.contains("peak RFD (100 ms) ") && show.contains("plateau CV "), "\(show)")
        let csv = try cli.run("history", "--assessments", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        let header = csv.first?.split(separator: ",").map(String.init) ?? []
        let column = try #require(header.firstIndex(of: "protocol_version"), "\(header)")
        #expect(header[column + 1] == "trial_measures", "\(header)")
        #expect(csv.count == 2 && csv[1].contains(",1,\"left 1.1: time_to_peak_s="), "\(csv)")

        let html = cli.home + "/A1.html"
        #expect(try cli.run("report", "A1", "-o", html).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<table class=\"measures\">") && page.contains("To 80 % s"), "\(page)")
        let bundle = cli.home + "/A1.fhir.json"
        #expect(try cli.run("export", "A1", "--format", "fhir", "-o", bundle).status == 0)
        ClinicalAcceptanceTests.expectValidFHIR(bundle)
        let fhir = try String(contentsOfFile: bundle, encoding: .utf8)
        #expect(fhir.contains("\"trial-1-time-to-peak\"") && fhir.contains("\"kgf.s\""), "\(fhir)")
    }
}
