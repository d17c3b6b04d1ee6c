/// One line of `history`: the summary without reps or trace.
public struct SessionRow: Equatable, Sendable {
    public var id: Int64
    public var device: String
    public var startedAtMilliseconds: Int64
    public var label: String?
    public var hand: Hand?
    public var protocolName: String?
    public var trial: Int?
    public var calibrated: Bool
    public var peak: Double
    public var mean: Double
    public var duration: Double
    public var repCount: Int
}
