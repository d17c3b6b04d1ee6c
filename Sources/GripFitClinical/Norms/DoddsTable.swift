/// Dodds RM, Syddall HE, Cooper R, et al. Grip strength across the life course: normative data from twelve
/// British studies. PLoS ONE 2014;9(12):e113637, doi:10.1371/journal.pone.0113637 (PMC4256164), CC BY 4.0.
/// Table 2: centiles P10, P25, P50, P75, P90 of grip strength in kg by sex at exact ages (GAMLSS fits of
/// 60,803 observations from 49,964 people). The statistic is the maximum of all trials, either hand.
///
/// Provenance, as it is: the values below rest on public transcriptions in other projects' code, not
/// on a comparison with the paper's Table 2 made here (the paper could not be opened where this was
/// built). One transcription covers every cell; a second covers only the medians and spreads, so
/// most cells rest on one source. An earlier note here said "three independent transcriptions":
/// they overlap only in part and are not independent of each other.
/// - What was checked against the paper itself is its own summary figures, kept as tests
///   (DoddsTableTests): peak medians 51 kg in men (ages 29–39) and 31 kg in women (26–42), and at
///   80 the share below EWGSOP2's 27/16 kg (the table gives 25 %; the paper 23 % of men, 27 % of women).
/// - Nothing is derived: a row the sources did not carry (women at 15) is absent, not estimated.
/// - Before clinical use, compare every row with Table 2 of PMC4256164.
public enum DoddsTable {
    public static let citation =
        "Dodds RM et al. Grip strength across the life course: normative data from twelve British studies. "
        + "PLoS ONE 2014;9(12):e113637. doi:10.1371/journal.pone.0113637 (CC BY 4.0)"
    public static let name = "Dodds et al. 2014, Table 2"
    /// What a line that travels alone (a FHIR note) carries to name its source.
    public static let doi = "doi:10.1371/journal.pone.0113637"
    public static let statistic = "maximum of all trials, either hand"

    /// The centiles each row gives, in order.
    public static let centiles = [10, 25, 50, 75, 90]
    /// The standard normal z of each centile (P10, P25, P50, P75, P90).
    public static let centileZ = [-1.2816, -0.6745, 0, 0.6745, 1.2816]

    /// Rows by sex: age in years, then kg at P10, P25, P50, P75, P90.
    public static func rows(for sex: Sex) -> [(age: Double, kg: [Double])] {
        switch sex {
        case .male: men
        case .female: women
        }
    }

    private static let men: [(age: Double, kg: [Double])] = [
        (15, [21, 25, 29, 33, 38]), (20, [30, 35, 40, 46, 52]), (25, [36, 41, 48, 55, 61]), (30, [38, 44, 51, 58, 64]),
        (35, [39, 45, 51, 58, 64]), (40, [38, 44, 50, 57, 63]), (45, [36, 42, 49, 56, 61]), (50, [35, 41, 48, 54, 60]),
        (55, [34, 40, 47, 53, 59]), (60, [33, 39, 45, 51, 56]), (65, [31, 37, 43, 48, 53]), (70, [29, 34, 39, 44, 49]),
        (75, [26, 31, 35, 41, 45]), (80, [23, 27, 32, 37, 42]), (85, [19, 24, 29, 33, 38]), (90, [16, 20, 25, 29, 33]),
    ]

    private static let women: [(age: Double, kg: [Double])] = [
        (20, [21, 24, 28, 32, 36]), (25, [23, 26, 30, 35, 38]), (30, [24, 27, 31, 35, 39]), (35, [23, 27, 31, 35, 39]),
        (40, [23, 27, 31, 35, 39]), (45, [22, 26, 30, 34, 38]), (50, [21, 25, 29, 33, 37]), (55, [19, 23, 28, 32, 35]),
        (60, [18, 22, 27, 31, 34]), (65, [17, 21, 25, 29, 33]), (70, [16, 20, 24, 27, 31]), (75, [14, 18, 21, 25, 28]),
        (80, [13, 16, 19, 23, 26]), (85, [11, 14, 17, 20, 23]), (90, [9, 11, 14, 17, 20]),
    ]
}
