/// What a save does when the history already holds a session of the same device and start time.
public enum SameStart: Sendable {
    /// The same session again (an import, a second import of one export): skipped.
    case skip
    /// A new recording that happens to start in that millisecond (parallel simulators share one
    /// address): filed at the next free millisecond, never dropped.
    case nextFreeMillisecond
}
