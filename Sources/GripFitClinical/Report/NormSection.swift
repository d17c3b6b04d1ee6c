/// The comparison with published norms, worded by the norm code ("52nd centile, z = 0.05",
/// "below the EWGSOP2 grip threshold (< 16 kg, women)", "no norm: the device is uncalibrated"),
/// so the page never words a finding itself, and the citation of the table used.
public struct NormSection: Sendable, Equatable {
    public var lines: [String]
    public var citation: String?

    public init(lines: [String], citation: String?) {
        self.lines = lines
        self.citation = citation
    }
}
