/// The comparison with published norms, worded by the norm code (``NormOutcome/text``,
/// ``EWGSOP2Comparison/text``), so the page never words a finding itself, and the citations of
/// the sources used, one per source.
public struct NormSection: Sendable, Equatable {
    public var lines: [String]
    public var citations: [String]

    public init(lines: [String], citations: [String]) {
        self.lines = lines
        self.citations = citations
    }

    /// The Dodds placement and the EWGSOP2 comparison of one assessment, each citing its source when it was used.
    public init(norm: NormOutcome, ewgsop2: EWGSOP2Comparison) {
        var citations: [String] = []
        if case .placed = norm { citations.append(DoddsTable.citation) }
        if ewgsop2.compared { citations.append(EWGSOP2Threshold.citation) }
        self.init(lines: [norm.text, ewgsop2.text], citations: citations)
    }
}
