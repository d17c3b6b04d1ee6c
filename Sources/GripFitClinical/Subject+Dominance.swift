import GripFitCore

extension Subject {
    /// The hand a subject writes with; a dominance ratio needs a left or right one.
    public enum Dominance: String, Codable, CaseIterable, Sendable {
        case left
        case right
        case ambidextrous

        /// The dominant hand, nil when ambidextrous.
        public var hand: Hand? {
            switch self {
            case .left: .left
            case .right: .right
            case .ambidextrous: nil
            }
        }
    }
}
