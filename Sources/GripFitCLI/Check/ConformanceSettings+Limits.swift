import GripFitConformance
import GripFitOutput

extension ConformanceSettings {
    /// The limits and expected versions the run judged by, as figures keyed with their unit, so a
    /// report says what it passed against (CI may have set any of them).
    var limits: [Figure] {
        var limits = [
            Figure("rate_tolerance", Figure.rounded(rateTolerance * 100), unit: "percent"),
            Figure("jitter_p99", milliseconds: maximumJitterP99),
            Figure("dropped", Figure.rounded(maximumDropFraction * 100), unit: "percent"),
            Figure("ping_p99", milliseconds: maximumPingP99),
            Figure("ping_timeout", milliseconds: pingTimeout),
            Figure("tare_band", Double(tareTolerance), unit: "counts"),
            Figure("reconnect", milliseconds: reconnectBound),
        ]
        if let maximumTareSpread { limits.append(Figure("tare_spread", Double(maximumTareSpread), unit: "counts")) }
        if let expectedFirmware { limits.append(Figure("firmware", text: UntrustedText.escaped(expectedFirmware))) }
        if let expectedBridge { limits.append(Figure("bridge_version", text: UntrustedText.escaped(expectedBridge))) }
        return limits
    }
}
