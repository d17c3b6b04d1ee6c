import GripFitExchange
import GripFitRecords

/// libFuzzer target: an import file (JSON or CSV) as a careless user or an attacker writes it.
/// Parsing either fails with a typed error or gives sessions that export in both formats, and
/// each export imports again to the same sessions.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let sessions = try? SessionExchange.parse(text) else { return 0 }
    for format in SessionFormat.allCases {
        guard let exported = try? SessionExchange.export(sessions, as: format) else {
            preconditionFailure("imported sessions must export as \(format)")
        }
        guard let again = try? SessionExchange.parse(exported) else {
            preconditionFailure("an export must import again: \(exported.prefix(2_000))")
        }
        // CSV rows of one device and start time form one session, as the history keys them.
        precondition(Set(again.map(key)) == Set(sessions.map(key)), "an export must import to the same sessions")
    }
    return 0
}

private func key(_ session: StoredSession) -> String {
    session.device + "\u{0}" + String(session.startedAtMilliseconds)
}
