/// The live view's tare key. A tare makes the load of that moment the zero, so a tare with a hand
/// (or anything) on the handle leaves every later force off by that load. A request while the
/// handle reads loaded is refused, with the load to show; the same request again within
/// `confirmWindow` tares anyway, because an empty handle that reads loaded is exactly what a tare fixes.
public struct TareGuard: Sendable {
    public enum Decision: Equatable, Sendable {
        case tare
        /// Not tared: the handle reads `load` above its zero.
        case refused(load: Double)
    }

    /// Loads above this count as a loaded handle (a reading below the zero does not: taring fixes it).
    public let loadedAbove: Double
    public let confirmWindow: Duration
    private var refusedAt: MonotonicInstant?

    public init(loadedAbove: Double, confirmWindow: Duration = .seconds(3)) {
        self.loadedAbove = loadedAbove
        self.confirmWindow = confirmWindow
    }

    /// A tare asked for at `now` with the handle at `load` (nil: no reading yet, nothing to judge).
    public mutating func request(load: Double?, at now: MonotonicInstant) -> Decision {
        let confirmed = refusedAt.map { now - $0 <= confirmWindow } ?? false
        guard let load, load > loadedAbove, !confirmed else {
            refusedAt = nil
            return .tare
        }
        refusedAt = now
        return .refused(load: load)
    }
}
