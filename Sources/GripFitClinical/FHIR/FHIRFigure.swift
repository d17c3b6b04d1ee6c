/// One figure of a protocol beyond the grip itself (FR50, the fatigue index, a rapid-exchange
/// ratio …) as an Observation component: a local code, its definition, and a UCUM quantity, or
/// the text saying why there is no number ("did not fall to 25 % within 30 s").
public struct FHIRFigure: Sendable, Equatable {
    /// The local code (``FHIRBundleWriter``'s figure system): "fr50".
    public var code: String
    /// "FR50: time from the peak to fall to 50 % of it (sustained v1)".
    public var display: String
    public var value: Double?
    /// The UCUM code: s, %, kgf, kgf/{trial} or 1.
    public var ucum: String
    public var missing: String?

    public init(code: String, display: String, value: Double?, ucum: String, missing: String? = nil) {
        self.code = code
        self.display = display
        self.value = value
        self.ucum = ucum
        self.missing = missing
    }
}
