import GripFitCore

/// Which counted trials of an assessment a norm reads, decided once from its protocol's data, so
/// `show`, the report, FHIR and the page never choose per protocol. Dodds et al. 2014 (and EWGSOP2,
/// whose cut-offs lie 2.5 SD below Dodds's peak) tabulate the maximum of all maximal static grips
/// of either hand (``DoddsTable/statistic``); a centile is given only where the trials allow that figure:
/// - a static protocol (``GripProtocol/Statistic/isStatic``: standard, Southampton, ASHT, NIH Toolbox)
///   gives it: its counted trials are maximal static grips of both hands, practice trials never count.
///   Where the protocol's own result is another figure (ASHT's mean, NIH Toolbox's test trial per
///   hand), the line says the centile is of the best trial, not of the result.
/// - a paced protocol (rapid exchange) does not: its squeezes are quick alternating ones, below a
///   static maximum by design, so a centile would read a full effort as a weak grip.
/// - a one-hand protocol (sustained, intermittent) does not: its grips are maximal, but of one hand,
///   and the table's figure is the better of both (the non-dominant hand is often the stronger).
/// - another non-static protocol does not either: its figures are not a static maximum.
/// An assessment whose protocol this build does not know (an import) is read as before named protocols:
/// the best counted trial of either hand, without a label.
public struct NormBasis: Sendable, Equatable {
    /// The highest counted peak of either hand: the figure placed; nil when no trial counted.
    public let bestKg: Double?
    /// What the centile is of, ahead of the norm's line: "centile of the best of 6 trials, either hand
    /// (the protocol's result)". Nil for `standard` (its best per hand is on the lines just above, and its
    /// line stays as every assessment before named protocols printed it) and an unknown protocol.
    public let label: String?
    /// Why the protocol's trials do not give the norms' statistic; nil when they do.
    public let unfit: NormMissing?

    /// `left` and `right`: each hand's counted test-trial peaks.
    public init(protocol named: GripProtocol?, left: [Double], right: [Double]) {
        bestKg = (left + right).max()
        guard let named else {
            label = nil
            unfit = nil
            return
        }
        unfit = Self.unfit(named)
        label = unfit == nil ? Self.label(named, left: left, right: right) : nil
    }

    private static func unfit(_ named: GripProtocol) -> NormMissing? {
        if named.statistic.isStatic { return nil }
        let why: String
        if named.paceSeconds != nil {
            why = "squeezes quickly on a paced cue, not maximal static grips, which Dodds et al. 2014 and EWGSOP2 read"
        } else if !named.bothHands {
            why = "tests one hand only, and Dodds et al. 2014 and EWGSOP2 read the best grip of either hand"
        } else {
            why = "reports \(named.statistic.rawValue), not a static maximum, which Dodds et al. 2014 and EWGSOP2 read"
        }
        return .protocolUnfit(protocol: named.name, why: why)
    }

    private static func label(_ named: GripProtocol, left: [Double], right: [Double]) -> String? {
        guard named.statistic != .bestAndMean else { return nil }
        let count = left.count + right.count
        let kind = named.practicePerHand > 0 ? "test trial" : "trial"
        let hands =
            left.isEmpty != right.isEmpty ? "\(left.isEmpty ? Hand.right.rawValue : Hand.left.rawValue) hand only" : "either hand"
        let trials = "the best of \(count) \(kind)\(count == 1 ? "" : "s"), \(hands)"
        if named.statistic == .maximumOfAll { return "centile of \(trials) (the protocol's result)" }
        return "centile of the best trial, not of the result (\(named.statistic.rawValue)): \(trials)"
    }
}
