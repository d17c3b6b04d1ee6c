/// What a save does when the history already holds a session of the same device and start time.
/// Either way a different session is never dropped: it is filed at the next free millisecond.
public enum SameStart: Sendable {
    /// An import: the same session again (the same trace under that key, or a millisecond later
    /// where an earlier import moved it) is skipped, so importing one export twice adds nothing; a
    /// different one (a rescue file from a parallel run) is kept.
    case skip
    /// A new recording: always a session of its own (parallel simulators share one address and
    /// may even stream the same readings).
    case nextFreeMillisecond
}
