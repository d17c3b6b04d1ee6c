/// A command the host refuses to build, so nothing is sent.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case rateOutOfRange(Int)

    public var description: String {
        switch self {
        case .rateOutOfRange(let ms):
            "sample interval \(ms) ms is outside "
                + "\(SampleRate.allowedMilliseconds.lowerBound)–\(SampleRate.allowedMilliseconds.upperBound) ms"
        }
    }
}
