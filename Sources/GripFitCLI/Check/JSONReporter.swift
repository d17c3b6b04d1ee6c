import GripFitConformance
import GripFitOutput

/// The report for machines: one JSON object with the run's identity, totals, the limits judged
/// by, and every case with its result, message and figures keyed `name_unit`.
enum JSONReporter {
    static func render(_ report: CheckReport) -> String {
        var object = JSONObject()
        tool(into: &object)
        describe(report, into: &object)
        return object.text + "\n"
    }

    /// Which build judged: the release and, when the build was given one, the commit, for CI's traceability.
    private static func tool(into object: inout JSONObject) {
        object.set("tool", "gripfit-serial check")
        object.set("tool_version", BuildInfo.version)
        if let commit = BuildInfo.commit { object.set("tool_commit", commit) }
    }

    /// Several dongles: totals by device and one object per device, as for a single one, or
    /// with the error that kept it from being checked.
    static func render(_ outcomes: [CheckOutcome], startedAt: String, duration: Duration) -> String {
        var object = JSONObject()
        tool(into: &object)
        object.set("started", startedAt)
        object.set("duration_s", duration.seconds.rounded(decimals: 3))
        let failed = outcomes.filter(\.isFailure).count
        object.set("devices_passed", outcomes.count - failed)
        object.set("devices_failed", failed)
        object.set(
            "devices",
            outcomes.map { outcome in
                switch outcome.result {
                case .success(let report):
                    var device = JSONObject()
                    describe(report, into: &device)
                    return device
                case .failure(let failure):
                    var device = JSONObject()
                    device.set("device", outcome.device)
                    device.set("error", failure.message)
                    device.set("exit_status", Int(failure.status.rawValue))
                    return device
                }
            }
        )
        return object.text + "\n"
    }

    private static func describe(_ report: CheckReport, into object: inout JSONObject) {
        object.set("device", report.device)
        object.set("started", report.startedAt)
        object.set("duration_s", report.seconds.rounded(decimals: 3))
        object.set("port", report.port)
        object.set("simulated", report.simulated)
        optional("device_firmware", report.firmware, &object)
        optional("bridge_version", report.bridgeVersion, &object)
        object.set("passed", report.passed)
        object.set("failed", report.failed)
        object.set("skipped", report.skipped)
        object.set("limits", figureObject(report.settings.limits))
        object.set("cases", report.results.map(caseObject))
    }

    private static func caseObject(_ result: CaseResult) -> JSONObject {
        var object = JSONObject()
        object.set("name", result.kind.rawValue)
        switch result.verdict {
        case .passed:
            object.set("result", "passed")
            // What held, so every case has a message, as the README's schema lists.
            object.set("message", result.kind.summary)
        case .failed(let reason):
            object.set("result", "failed")
            object.set("message", reason)
        case .skipped(let reason):
            object.set("result", "skipped")
            object.set("message", reason)
        }
        object.set("time_s", result.duration.seconds.rounded(decimals: 3))
        object.set("figures", figureObject(result.figures))
        return object
    }

    /// Figures keyed `name_unit`, whole numbers as integers.
    private static func figureObject(_ list: [Figure]) -> JSONObject {
        var figures = JSONObject()
        for figure in list {
            switch figure.value {
            case .number(let value):
                if let whole = Figure.wholeNumber(value) { figures.set(figure.key, whole) } else { figures.set(figure.key, value) }
            case .text(let text): figures.set(figure.key, text)
            }
        }
        return figures
    }

    private static func optional(_ key: String, _ value: String?, _ object: inout JSONObject) {
        if let value { object.set(key, value) } else { object.setNull(key) }
    }
}
