import GripFitCore
import GripFitLive
import GripFitOutput
import GripFitRecords

/// Sessions as `history` lists them, and the bytes an encoder writes for them, for the history encoders' tests.
enum HistoryEncoderFixtures {
    static func entry(id: Int64, start: Int64 = 1_795_000_000_000, label: String? = "morning") -> HistoryEntry {
        let session = StoredSession.analysed(
            device: "usb:A1",
            startedAtMilliseconds: start,
            firmware: "1.0",
            label: label,
            hand: .left,
            calibration: nil,
            trace: RawTrace(samples: (0..<10).map { RawSample(micros: Int64($0) * 12_500, raw: 100 + Int32($0)) })
        )
        return HistoryEntry(row: SessionRow(session, id: id), later: nil)
    }

    static let display = ForceDisplay(calibration: nil, unit: .pounds)

    /// What `encoder` writes at its begin, after each entry, and at its finish.
    static func pieces(_ encoder: any ByteEncoder<HistoryEntry, Never>, _ entries: [HistoryEntry]) -> [String] {
        var encoder = encoder
        var pieces: [String] = []
        var bytes: [UInt8] = []
        func take() {
            pieces.append(String(decoding: bytes, as: UTF8.self))
            bytes.removeAll()
        }
        encoder.begin(into: &bytes)
        take()
        for entry in entries {
            encoder.add(entry, into: &bytes)
            take()
        }
        encoder.finish(into: &bytes)
        take()
        return pieces
    }
}
