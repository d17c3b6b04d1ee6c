extension GripProtocol {
    /// One figure of a protocol's result: its value, the statistic that made it, the hand it is of
    /// (nil: either hand) and how many counted trials it came from.
    public struct Figure: Equatable, Sendable {
        public var hand: Hand?
        public var value: Double
        public var statistic: Statistic
        public var trials: Int

        public init(hand: Hand?, value: Double, statistic: Statistic, trials: Int) {
            self.hand = hand
            self.value = value
            self.statistic = statistic
            self.trials = trials
        }
    }

    /// The protocol's result from each hand's counted test-trial peaks (in trial order), the one
    /// computation the live summary and a stored assessment share. Empty for ``Statistic/bestAndMean``,
    /// whose best and mean per hand the best/mean table already gives, and for hands without a trial.
    public func result(left: [Double], right: [Double]) -> [Figure] {
        func perHand(_ make: ([Double]) -> Double) -> [Figure] {
            [(Hand.right, right), (.left, left)].compactMap { hand, peaks in
                peaks.isEmpty ? nil : Figure(hand: hand, value: make(peaks), statistic: statistic, trials: peaks.count)
            }
        }
        switch statistic {
        case .bestAndMean:
            return []
        case .maximumOfAll:
            guard let maximum = (left + right).max() else { return [] }
            return [Figure(hand: nil, value: maximum, statistic: statistic, trials: left.count + right.count)]
        case .meanPerHand:
            return perHand { $0.reduce(0, +) / Double($0.count) }
        case .testTrial:
            return perHand { $0.max() ?? 0 }
        }
    }

    /// "result (southampton v1, maximum of all trials, either hand): 42.0 kg from 6 trials", with
    /// `format` writing the value in the run's unit.
    public func resultLine(_ figure: Figure, format: (Double) -> String) -> String {
        let hand = figure.hand.map { ", \($0.rawValue) hand" } ?? ""
        return "result\(hand) (\(title), \(figure.statistic.rawValue)): \(format(figure.value)) from \(figure.trials) "
            + (figure.trials == 1 ? "trial" : "trials")
    }
}
