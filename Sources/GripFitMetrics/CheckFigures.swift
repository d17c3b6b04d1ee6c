import GripFitConformance
import GripFitCore
import Prometheus

/// `check --metrics-file`: the run's verdicts and figures beside the session's metrics, for
/// node-exporter's textfile collector, so a rack's dashboard shows the last check of each dongle
/// and an alert can fire on a failed or stale one.
public enum CheckFigures {
    /// Adds `results` to `registry`: a case's verdict (1 passed, 0 failed; a skipped case is left
    /// out), each numeric figure by case and key (`p99_ms`), the run's duration and when it ended.
    public static func record(
        _ results: [CaseResult],
        duration: Duration,
        finishedAt unixSeconds: Double,
        into registry: PrometheusCollectorRegistry
    ) {
        for result in results {
            let name = result.kind.rawValue
            switch result.verdict {
            case .passed: passed(registry, name).set(to: 1)
            case .failed: passed(registry, name).set(to: 0)
            case .skipped: break
            }
            for figure in result.figures {
                guard case .number(let value) = figure.value else { continue }
                registry.makeGauge(
                    descriptor: descriptor("check_figure", "What a case measured, by case and figure (the unit ends the figure's name)."),
                    labels: [("case", name), ("figure", figure.key)]
                ).set(to: value)
            }
        }
        registry.makeGauge(descriptor: descriptor("check_duration_seconds", "How long the check ran.")).set(to: duration.seconds)
        registry.makeGauge(
            descriptor: descriptor("check_last_run_timestamp_seconds", "When the check ended, in seconds since the Unix epoch.")
        ).set(to: unixSeconds)
    }

    private static func passed(_ registry: PrometheusCollectorRegistry, _ name: String) -> Gauge {
        registry.makeGauge(
            descriptor: descriptor("check_case_passed", "1: the case passed, 0: it failed (skipped cases are left out)."),
            labels: [("case", name)]
        )
    }

    private static func descriptor(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "gripfit", metricName: name, unitName: "", helpText: help)
    }
}
