/// The limits the tests' `check` runs judge by (issue 32), not the users' defaults (jitter p99
/// 60 ms, ping p99 500 ms, rates within 10 %, 2 % estimated missing): with both cores busy beside a
/// build, a reading or a PONG can be scheduled seconds late and readings bunch (44 ms apart at 50 ms
/// seen; beside `stress-ng --cpu 2` and a build, a reading 1.6 s and a PONG 2.0 s late, and "2 of 52
/// readings missing" estimated with none lost), as in firmware-bridge/native/host-test.py's limits. The runs
/// still prove behaviour: an unanswered command, a rate not taken (100 ms for 50 is 100 % off), a
/// reading missing without DATA_LOST or a link-down fail as before. The defaults themselves are
/// checked by the check's option and report tests.
enum TestLimits {
    static let check = ["--max-jitter-p99", "5000", "--max-ping-p99", "5000", "--rate-tolerance", "40", "--max-dropped", "10"]

    /// Seconds a reading's host time may trail its sending: a reading is timed when it is read, and
    /// with both cores busy a read comes tens of milliseconds late (a time to peak 7 ms past one
    /// sample interval was seen). Times from a trace are checked to one sample interval plus this;
    /// a measure from the wrong sample is still a whole interval off.
    static let stamping = 0.05
}
