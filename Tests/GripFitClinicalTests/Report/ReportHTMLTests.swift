import GripFitClinical
import GripFitCore
import Testing

@Suite struct ReportHTMLTests {
    @Test(arguments: ReportPaper.allCases) func thePageHoldsTheFiguresWithTheirUnitsAndTheCitation(paper: ReportPaper) {
        let html = ReportHTML.page(ReportFixture.report, paper: paper)
        for figure in [
            "41.0 kg", "42.4 kg", "40.6 kg", "41.3 kg", "0.8 kg", "1.9 %", "44.2 kg", "46.8 kg", "45.5 kg", "1.1 kg", "2.3 %",
            "9.4 %", "1.10", "12.3 kg", "released before the peak", "S-0042", "45–49 years", "male", "right",
            "C4:DE:E2:12:34:56", "1.4.2", "calibrated 2026-11-20", "standard: 3 trials per hand, 60 s rest",
            "maximum of all trials, either hand", "46.8 kg: between the 25th and 50th centile (z -0.",
            "for men aged 45–49, Dodds et al. 2014, Table 2", "9.4 % of the stronger hand's best",
            "No EWGSOP2 comparison: EWGSOP2 does not apply under 60",
            "CV 2.3 %, within the 15 % threshold", "PLoS ONE 2014;9(12):e113637", "SD (population)",
        ] {
            #expect(html.contains(figure), "\(figure) missing from the page")
        }
        #expect(html.contains("@page { size: \(paper == .a4 ? "A4" : "letter");"))
        #expect(!NonFiniteText.appears(in: html))
    }

    @Test func noExactAgeIsAnywhereOnThePageOnlyTheBand() {
        // 47.4 years: no text on the page may print 47 or 47.x (the trend's 47.0 kg is taken off, the
        // only other figure in 47…48), nor the birth year.
        var report = ReportFixture.report
        report.trend = []
        let html = ReportHTML.page(report, paper: .a4)
        let text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        let numbers = text.split(whereSeparator: { !($0.isNumber || $0 == ".") }).compactMap { Double($0) }
        #expect(!numbers.contains { $0 >= 47 && $0 < 48 }, "an exact age is on the page: \(numbers)")
        #expect(!html.contains("1979"))
        #expect(text.contains("this subject: 46.8 kg, 45–49 y") && text.contains("for men aged 45–49"))
    }

    @Test func theBandIsFiveYearsWideAndTheEWGSOP2LineCarriesItsCitation() throws {
        var report = ReportFixture.report(born: .year(1955))
        let html = ReportHTML.page(report, paper: .a4)
        #expect(
            html.contains(
                "at or above the EWGSOP2 grip threshold (27 kg for men; Cruz-Jentoft et al., Age Ageing 2019, "
                    + "doi:10.1093/ageing/afy169)"
            )
        )
        #expect(html.contains("for men aged about 70–74 (age from the birth year only)"))
        // One citation per source used, as a list.
        #expect(html.contains("<ol class=\"citations\"><li>Dodds RM et al.") && html.contains("</li><li>Cruz-Jentoft AJ et al."))
        report.age = 49.9
        #expect(report.ageBand == "45–49")
        report.age = 50
        #expect(report.ageBand == "50–54")
        report.age = .nan
        #expect(report.ageBand == nil)
        #expect(ReportHTML.page(report, paper: .a4).contains("<dt>Age band</dt><dd>not recorded</dd>"))
    }

    @Test func aCVAboveTheThresholdIsSaidAsAFigureNotAVerdict() {
        var report = ReportFixture.report
        report.hands[0].cvPercent = 17.25
        let html = ReportHTML.page(report, paper: .a4)
        #expect(html.contains("Trial consistency: CV 17.3 %, above the 15 % threshold"))
        report.consistencyThresholdPercent = 12.5
        #expect(ReportHTML.page(report, paper: .a4).contains("Trial consistency: CV 17.3 %, above the 12.5 % threshold"))
        #expect(!html.lowercased().contains("insincere") && !html.lowercased().contains("effort"))
    }

    @Test func nothingIsFetchedAndNothingRuns() {
        let html = ReportHTML.page(ReportFixture.report, paper: .letter)
        let withoutNamespaces = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(!withoutNamespaces.contains("http://") && !withoutNamespaces.contains("https://"))
        for fetch in ["<script", "src=", "href=", "url(", "@import", "<link"] {
            #expect(!html.contains(fetch), "\(fetch) in the page")
        }
        #expect(html.contains("default-src 'none'"))
    }

    @Test func hostileTextIsEscapedOnceWhereverItAppears() {
        let hostile = "<script>alert(\"x\")</script>' \u{1B}[2J&amp;"
        var report = ReportFixture.report
        report.subjectCode = hostile
        report.dominantHand = hostile
        report.date = hostile
        report.device = ReportDevice(name: hostile, address: hostile, firmware: hostile, calibrationDate: hostile)
        report.protocolUsed = ReportProtocol(name: hostile, trialsPerHand: 3, restSeconds: 60, statistic: hostile)
        report.hands[1].flagged = [FlaggedAttempt(trial: 2, attempt: 1, kg: nil, reason: hostile)]
        report.norm = NormSection(lines: [hostile], citations: [hostile])
        report.centileCurves[0].label = hostile
        report.trend = [TrendPoint(date: hostile, bestKg: 40)]
        let html = ReportHTML.page(report, paper: .a4)
        #expect(!html.contains("<script") && !html.contains("\u{1B}") && !html.contains("alert(\""))
        let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&apos; \\u{1b}[2J&amp;amp;"
        // Title (code and date), header date; subject, hand, date, device name, address, firmware, calibration,
        // protocol, statistic; flagged reason, norm line, citation, curve label, trend date.
        #expect(html.components(separatedBy: escaped).count - 1 == 17)
    }

    @Test func missingAndNonFiniteFiguresPrintAsADashNeverAsNaN() {
        var report = ReportFixture.report
        report.hands[0] = HandResult(hand: .left, trials: [], flagged: [], bestKg: nil, meanKg: .nan, sdKg: .infinity, cvPercent: nil)
        report.differencePercent = .nan
        report.dominanceRatio = -.infinity
        report.device.calibrationDate = nil
        report.device.firmware = nil
        report.sex = nil
        report.dominantHand = nil
        report.norm = NormSection(lines: ["no norm: the device is uncalibrated"], citations: [])
        report.centileCurves = []
        report.subjectPoint = nil
        report.trend = []
        let html = ReportHTML.page(report, paper: .a4)
        #expect(!NonFiniteText.appears(in: html))
        #expect(html.contains("<p class=\"none\">no counted trial</p>"))
        #expect(html.contains("<tr><th>Best</th><td>–</td></tr>"))
        #expect(html.contains("Trial consistency: not available (threshold 15 %)"))
        #expect(html.contains("<dt>Calibration</dt><dd>uncalibrated</dd>"))
        #expect(html.contains("no norm: the device is uncalibrated"))
        #expect(html.contains("no centile curves to draw") && html.contains("no earlier assessment"))
        #expect(!html.contains("Sources:") && !html.contains("of the stronger hand"))
    }
}

/// A named protocol's page: its result lines across the facts' two columns, and a hand whose trials
/// carry force–time measures with each trial's peak in the measures' own table, one row per trial,
/// so four rapid-exchange lines or twelve intermittent grips do not push the charts onto a second sheet.
@Suite struct ReportHTMLProtocolTests {
    /// A rapid-exchange hand's twelve squeezes: ten to a row across the box, the last two on a second.
    @Test func moreTrialsThanAStaticProtocolGivesRunAcross() {
        var report = ReportFixture.report
        report.hands[0].trials = (1...12).map { CountedTrial(number: $0, kg: 10 + Double($0)) }
        let html = ReportHTML.page(report, paper: .a4)
        let numbers = (1...10).map { "<td>\($0)</td>" }.joined()
        let peaks = (1...10).map { "<td>\((10 + Double($0)).formatted(decimals: 1))</td>" }.joined()
        let first = "<table class=\"across\"><tbody><tr><th>Trial</th>" + numbers + "</tr><tr><th>Peak kg</th>" + peaks
        #expect(html.contains(first), "\(html)")
        #expect(html.contains("<tr><th>Trial</th><td>11</td><td>12</td></tr><tr><th>Peak kg</th><td>21.0</td><td>22.0</td></tr>"))
        // Three trials, as `standard` gives, keep the table down the box.
        #expect(html.contains("<table><thead><tr><th>Trial</th><th>Peak</th></tr></thead><tbody><tr><td>1</td><td>44.2 kg</td>"))
    }

    @Test func theResultLinesSpanBothColumns() {
        var report = ReportFixture.report
        report.protocolUsed.results = ["result, right hand (asht v1, mean of the trials per hand): 45.5 kg from 3 trials"]
        let html = ReportHTML.page(report, paper: .a4)
        #expect(html.contains("<div class=\"wide\"><dt>Result</dt><dd>result, right hand (asht v1, mean"), "\(html)")
        #expect(html.contains("dl div.wide { grid-column: 1 / -1; }"))
        #expect(!ReportHTML.page(ReportFixture.report, paper: .a4).contains("<dt>Result</dt>"))
    }

    @Test func measuredTrialsGiveOneTableOfPeaksAndMeasures() {
        let measures = TrialMeasures(
            timeToPeak: .value(0.5),
            timeTo80: .value(0.4),
            peakRFD: .value(80),
            rfdWindow: 0.1,
            plateauForce: .value(30),
            plateauCV: .value(0.5),
            heldDuration: .value(1.5),
            releaseRate: .value(95),
            impulse: .unavailable("the link dropped")
        )
        var report = ReportFixture.report
        report.hands[0].trials = (1...12).map { CountedTrial(number: $0, kg: 40 - Double($0), measures: measures) }
        let html = ReportHTML.page(report, paper: .a4)
        #expect(html.components(separatedBy: "<table class=\"measures\"><thead><tr><th>Trial</th><th>Peak kg</th>").count == 2)
        #expect(html.contains("<tr><td>12</td><td>28.0</td><td>0.50</td>"), "\(html)")
        #expect(html.contains("Not measured: trial 12 impulse: the link dropped."), "\(html)")
        // The other hand, without measures, keeps its plain table of peaks.
        #expect(html.contains("<table><thead><tr><th>Trial</th><th>Peak</th></tr></thead><tbody><tr><td>1</td><td>44.2 kg</td>"))
    }
}
