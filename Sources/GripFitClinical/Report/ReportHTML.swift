import GripFitCore
import GripFitOutput

/// The printable page of one assessment: self-contained HTML (inline CSS and SVG, no script, no
/// font or image fetched; a Content-Security-Policy forbids any fetch a bug might add), laid out
/// for one sheet of `paper`. Every text from the report is escaped here, once; numbers print
/// with their units, and a missing or non-finite one prints as "–", never as "nan".
public enum ReportHTML {
    public static func page(_ report: ClinicalReport, paper: ReportPaper) -> String {
        var html =
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
            + "<title>Grip strength assessment " + text(report.subjectCode) + " " + text(report.date) + "</title>"
            + "<style>" + style(paper) + "</style></head><body><main>"
        html += "<header><h1>Grip strength assessment</h1><p>" + text(report.date) + "</p></header>"
        html += facts(report)
        html +=
            "<section class=\"hands\">" + report.hands.map { hand($0, threshold: report.consistencyThresholdPercent) }.joined()
            + "</section>"
        html += both(report)
        html += norm(report)
        html += "<footer>"
        if !report.norm.citations.isEmpty {
            html +=
                "<div class=\"sources\"><b>Sources:</b><ol class=\"citations\">"
                + report.norm.citations.map { "<li>" + text($0) + "</li>" }.joined() + "</ol></div>"
        }
        html +=
            "<p>Measurements and their place among published norms; this page makes no diagnosis. "
            + "Forces in kilograms-force (kg); SD is the population SD of the counted trials; CV = SD / mean.</p>"
        return html + "</footer></main></body></html>\n"
    }

    private static func facts(_ report: ClinicalReport) -> String {
        let device = report.device
        let protocolUsed = report.protocolUsed
        let rows: [(String, String)] =
            [
                ("Subject", text(report.subjectCode)),
                ("Age band", report.ageBand.map { $0 + " years" } ?? "not recorded"),
                ("Sex", report.sex?.rawValue ?? "not recorded"),
                ("Dominant hand", report.dominantHand.map(text) ?? "not recorded"),
                ("Date", text(report.date)),
                ("Device", text(device.name) + " (" + text(device.address) + ")"),
                ("Firmware", device.firmware.map(text) ?? "unknown"),
                ("Calibration", device.calibrationDate.map { "calibrated " + text($0) } ?? "uncalibrated"),
                (
                    "Protocol",
                    text(protocolUsed.name) + ": \(protocolUsed.trialsPerHand) trial"
                        + (protocolUsed.trialsPerHand == 1 ? "" : "s") + " per hand, " + seconds(protocolUsed.restSeconds) + " rest"
                ),
                ("Statistic", text(protocolUsed.statistic)),
            ]
        // The protocol's result lines across both columns: each names its statistic, and half a
        // width made a rapid-exchange run's four lines and caveat push the charts off the sheet.
        let result =
            protocolUsed.results.isEmpty
            ? "" : "<div class=\"wide\"><dt>Result</dt><dd>" + protocolUsed.results.map(text).joined(separator: "<br>") + "</dd></div>"
        return "<section class=\"facts\"><dl>"
            + rows.map { "<div><dt>\($0.0)</dt><dd>\($0.1)</dd></div>" }.joined() + result + "</dl></section>"
    }

    private static func hand(_ result: HandResult, threshold: Double) -> String {
        var html = "<section class=\"hand\"><h2>\(result.hand == .left ? "Left" : "Right") hand</h2>"
        if result.trials.isEmpty {
            html += "<p class=\"none\">no counted trial</p>"
        } else if result.trials.contains(where: { $0.measures != nil }) {
            html += measures(result.trials)
        } else if result.trials.count > GuidedProtocol.Settings.trialsPerHandRange.upperBound {
            html += across(result.trials)
        } else {
            html +=
                "<table><thead><tr><th>Trial</th><th>Peak</th></tr></thead><tbody>"
                + result.trials.map { "<tr><td>\($0.number)</td><td>\(kg($0.kg))</td></tr>" }.joined()
                + "</tbody></table>"
        }
        html +=
            "<table class=\"figures\"><tbody>"
            + "<tr><th>Best</th><td>\(kg(result.bestKg))</td></tr>"
            + "<tr><th>Mean</th><td>\(kg(result.meanKg))</td></tr>"
            + "<tr><th>SD (population)</th><td>\(kg(result.sdKg))</td></tr>"
            + "<tr><th>CV</th><td>\(percent(result.cvPercent))</td></tr></tbody></table>"
        html += "<p class=\"consistency\">" + consistency(result, threshold: threshold) + "</p>"
        if !result.flagged.isEmpty {
            html +=
                "<div class=\"flagged\"><h3>Set apart (not counted)</h3><ul>"
                + result.flagged.map { attempt in
                    "<li>Trial \(attempt.trial), attempt \(attempt.attempt): " + (attempt.kg.map { kg($0) + ", " } ?? "")
                        + text(attempt.reason) + "</li>"
                }.joined() + "</ul></div>"
        }
        return html + "</section>"
    }

    /// More trials than a static protocol gives (a rapid-exchange run's ten or twenty) run across the
    /// box, ten to a row of trial numbers over their peaks, so the page stays one sheet.
    private static func across(_ trials: [CountedTrial]) -> String {
        stride(from: 0, to: trials.count, by: 10).map { start in
            let row = trials[start..<min(start + 10, trials.count)]
            let peaks = row.map { "<td>" + ($0.kg.isFinite ? $0.kg.formatted(decimals: 1) : "–") + "</td>" }
            return "<table class=\"across\"><tbody><tr><th>Trial</th>" + row.map { "<td>\($0.number)</td>" }.joined()
                + "</tr><tr><th>Peak kg</th>" + peaks.joined() + "</tr></tbody></table>"
        }.joined()
    }

    /// The counted trials' peaks and force–time measures (``TrialMeasures``, in kg and seconds) in one
    /// table, so twelve intermittent grips still leave the page one sheet, with the reason under the
    /// table for each measure the trace could not give; "–" for a trial without measures.
    private static func measures(_ trials: [CountedTrial]) -> String {
        guard let window = trials.lazy.compactMap(\.measures).first?.rfdWindow else { return "" }
        let columns: [(TrialMeasureField, String)] = [
            (.timeToPeak, "To peak s"), (.timeTo80, "To 80 % s"), (.peakRFD, "RFD\u{00B9} kg/s"), (.plateauForce, "Plateau\u{00B2} kg"),
            (.plateauCV, "CV %"), (.releaseRate, "Release\u{00B3} kg/s"), (.impulse, "Impulse kg·s"),
        ]
        var reasons: [String] = []
        let rows = trials.map { trial in
            "<tr><td>\(trial.number)</td><td>" + (trial.kg.isFinite ? trial.kg.formatted(decimals: 1) : "–") + "</td>"
                + columns.map { field, _ in
                    guard let measures = trial.measures else { return "<td>–</td>" }
                    switch field.measure(measures) {
                    case .value(let value): return "<td>" + (value.isFinite ? value.formatted(decimals: field.decimals) : "–") + "</td>"
                    case .unavailable(let reason):
                        reasons.append("trial \(trial.number) \(field.label): \(reason)")
                        return "<td>–</td>"
                    }
                }.joined() + "</tr>"
        }.joined()
        let ms = Int((window * 1000).rounded())
        return "<table class=\"measures\"><thead><tr><th>Trial</th><th>Peak kg</th>"
            + columns.map { "<th>\($0.1)</th>" }.joined() + "</tr></thead><tbody>" + rows + "</tbody></table><p class=\"measures-notes\">"
            + "\u{00B9} steepest rise over \(ms) ms; \u{00B2} mean while at or above 90 % of the peak; "
            + "\u{00B3} mean fall from 80 % to 20 % of the peak; times from the first reading above the rep threshold."
            + reasons.map { " Not measured: " + text($0) + "." }.joined() + "</p>"
    }

    /// The figure and the threshold it is read against, in ``Consistency``'s words (not assessed below
    /// two counted trials); trial consistency, never a verdict on effort.
    private static func consistency(_ result: HandResult, threshold: Double) -> String {
        let counted = result.trials.count
        if counted > 0, counted < Consistency.minimumTrials, threshold.isFinite {
            let consistency = Consistency(countedTrials: counted, coefficientOfVariation: nil, threshold: threshold)
            return "Trial consistency: " + consistency.description
        }
        let limit = threshold.isFinite ? threshold.formatted(upToDecimals: 1) + " %" : "–"
        guard let cv = result.cvPercent, cv.isFinite, threshold.isFinite else {
            return "Trial consistency: not available (threshold \(limit))"
        }
        let basis = counted == Consistency.minimumTrials ? " (population SD of \(counted) counted trials only)" : ""
        return "Trial consistency: CV \(percent(cv))\(basis), " + (cv <= threshold ? "within" : "above") + " the \(limit) threshold"
    }

    private static func both(_ report: ClinicalReport) -> String {
        "<section class=\"both\"><p><b>Left/right difference:</b> \(percent(report.differencePercent))"
            + (report.differencePercent?.isFinite == true
                ? " of the stronger hand's best" + (report.strongerHand.map { " (\($0.rawValue) stronger)" } ?? "") : "")
            + " &#160; <b>Dominant/non-dominant ratio:</b> "
            + (report.dominanceRatio.flatMap { $0.isFinite ? $0.formatted(decimals: 2) : nil } ?? "–") + "</p></section>"
    }

    private static func norm(_ report: ClinicalReport) -> String {
        var html =
            "<section class=\"norm\"><h2>Comparison with norms</h2><ul>"
            + report.norm.lines.map { "<li>" + text($0) + "</li>" }.joined() + "</ul><div class=\"charts\">"
        let sexWords = report.sex.map { " (\($0.rawValue))" } ?? ""
        html +=
            "<figure><figcaption>Centiles of grip by age\(sexWords)</figcaption>"
            + CentileChart.svg(curves: report.centileCurves, subject: report.subjectPoint) + "</figure>"
        html += "<figure><figcaption>Earlier assessments: best grip</figcaption>" + TrendChart.svg(points: report.trend) + "</figure>"
        return html + "</div></section>"
    }

    private static func text(_ value: String) -> String { XMLText.escaped(value) }

    private static func kg(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return value.formatted(decimals: 1) + " kg"
    }

    private static func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return value.formatted(decimals: 1) + " %"
    }

    private static func seconds(_ value: Double) -> String {
        value.isFinite ? value.formatted(decimals: 0) + " s" : "–"
    }

    /// One sheet: the margins, type sizes and chart heights were chosen by looking at A4 and Letter
    /// renders of a crowded report (five trials and three set-apart attempts per hand, four norm lines, two
    /// citations); Letter is 18 mm shorter.
    private static func style(_ paper: ReportPaper) -> String {
        """
        @page { size: \(paper.cssSize); margin: 12mm; }
        * { box-sizing: border-box; }
        html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        body { margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 8.5pt; color: #111; }
        main { max-width: 190mm; margin: 0 auto; }
        header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 1.5pt solid #333; }
        h1 { font-size: 14pt; margin: 0 0 2mm 0; }
        h2 { font-size: 10pt; margin: 0 0 1.5mm 0; }
        h3 { font-size: 8.5pt; margin: 1.5mm 0 0.5mm 0; }
        header p { margin: 0; font-size: 10pt; }
        dl { display: grid; grid-template-columns: 1fr 1fr; column-gap: 8mm; margin: 2mm 0; }
        dl div { display: flex; border-bottom: 0.5pt solid #ddd; padding: 0.6mm 0; }
        dl div.wide { grid-column: 1 / -1; }
        dt { width: 28mm; flex: none; color: #555; }
        dd { margin: 0; overflow-wrap: anywhere; }
        .hands { display: grid; grid-template-columns: 1fr 1fr; column-gap: 8mm; margin-top: 2mm; }
        .hand { border: 0.5pt solid #bbb; padding: 2mm; break-inside: avoid; }
        table { border-collapse: collapse; width: 100%; margin-bottom: 1.5mm; }
        th, td { text-align: left; padding: 0.4mm 1.5mm; border-bottom: 0.5pt solid #e2e2e2; }
        td { font-variant-numeric: tabular-nums; }
        th:first-child, td:first-child { width: 45%; }
        .figures th { font-weight: normal; color: #555; }
        .consistency { margin: 1mm 0; }
        .measures { font-size: 7pt; }
        .across { font-size: 7.5pt; }
        .across th, .across td { padding: 0.4mm 0.6mm; }
        .across th:first-child { width: 13mm; font-weight: normal; color: #555; }
        .across td:first-child { width: auto; }
        .measures th { font-weight: normal; color: #555; vertical-align: bottom; }
        .measures th, .measures td { padding: 0.3mm 0.6mm; }
        .measures th:first-child, .measures td:first-child { width: auto; }
        .measures-notes { font-size: 6.5pt; color: #555; margin: 0 0 1mm 0; }
        .flagged ul { margin: 0; padding-left: 4mm; }
        .flagged li { overflow-wrap: anywhere; font-size: 8pt; }
        .both { margin: 2mm 0; }
        .both p { margin: 0; }
        .norm ul { margin: 0 0 1mm 0; padding-left: 4mm; }
        .charts { display: grid; grid-template-columns: 1fr 1fr; column-gap: 6mm; }
        figure { margin: 0; break-inside: avoid; }
        figcaption { font-weight: bold; margin-bottom: 0.5mm; }
        svg.chart { width: 100%; height: \(paper == .a4 ? "70mm" : "53mm"); font-size: 9px; }
        svg .label-back { fill: #fff; opacity: 0.85; }
        svg .grid { stroke: #e4e4e4; stroke-width: 0.6; }
        svg .axis, svg .tick { stroke: #333; stroke-width: 0.8; }
        svg .centile { stroke: #7a8ca8; stroke-width: 1; stroke-dasharray: 3 2; }
        svg .centile.median { stroke: #2c4a7a; stroke-width: 1.6; stroke-dasharray: none; }
        svg .curve-label { fill: #2c4a7a; }
        svg .subject { fill: #c0392b; stroke: #fff; stroke-width: 1; }
        svg .subject-label { fill: #c0392b; font-weight: bold; }
        svg .trend { stroke: #2c4a7a; stroke-width: 1.4; }
        svg .visit { fill: #2c4a7a; }
        svg .none { fill: #666; font-size: 10px; }
        footer { margin-top: 2mm; border-top: 0.5pt solid #999; font-size: 7.5pt; color: #333; }
        footer p { margin: 1mm 0; overflow-wrap: anywhere; }
        footer .sources { margin: 1mm 0; overflow-wrap: anywhere; }
        footer ol { display: inline; margin: 0; padding: 0; list-style: none; counter-reset: source; }
        footer li { display: inline; counter-increment: source; }
        footer li::before { content: " [" counter(source) "] "; }
        """
    }
}
