import GripFitConformance
import GripFitOutput

/// The report for machines: one JSON object with the run's identity, totals, and every case with
/// its result, reason and figures keyed `name_unit`.
enum JSONReporter {
    static func render(_ report: CheckReport) -> String {
        var object = JSONObject()
        object.set("tool", "gripfit-serial check")
        object.set("started", report.startedAt)
        object.set("duration_s", CheckReport.format3(report.seconds))
        object.set("port", report.port)
        object.set("simulated", report.simulated)
        optional("device_firmware", report.firmware, &object)
        optional("bridge_version", report.bridgeVersion, &object)
        object.set("passed", report.passed)
        object.set("failed", report.failed)
        object.set("skipped", report.skipped)
        object.set("cases", report.results.map(caseObject))
        return object.text + "\n"
    }

    private static func caseObject(_ result: CaseResult) -> JSONObject {
        var object = JSONObject()
        object.set("name", result.kind.rawValue)
        switch result.verdict {
        case .passed:
            object.set("result", "passed")
        case .failed(let reason):
            object.set("result", "failed")
            object.set("message", reason)
        case .skipped(let reason):
            object.set("result", "skipped")
            object.set("message", reason)
        }
        object.set("time_s", CheckReport.format3(Double(result.duration.nanoseconds) / 1e9))
        var figures = JSONObject()
        for figure in result.figures {
            switch figure.value {
            case .number(let value): figures.set(figure.key, value)
            case .text(let text): figures.set(figure.key, text)
            }
        }
        object.set("figures", figures)
        return object
    }

    private static func optional(_ key: String, _ value: String?, _ object: inout JSONObject) {
        if let value { object.set(key, value) } else { object.setNull(key) }
    }
}
