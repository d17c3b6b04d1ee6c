/// Why a wait on the server ended without its answer; each is "unreachable" to the store
/// (``PostgresFailure``): the server may have done the work, and a rerun finds it there.
enum PostgresWaitFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The deadline passed: the server is stopped, hung, or the path to it drops packets.
    case noAnswer(seconds: Int64)
    /// The connection closed before the answer came (the server died or was stopped).
    case closed
    /// A signal asked this process to stop waiting (Ctrl-C during a save).
    case abandoned

    var description: String {
        switch self {
        case .noAnswer(let seconds): "the server did not answer within \(seconds) s"
        case .closed: "the server closed the connection"
        case .abandoned: "interrupted while waiting for the server"
        }
    }
}
