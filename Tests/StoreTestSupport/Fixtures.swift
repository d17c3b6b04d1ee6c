import Foundation
import GripFitClinical
import GripFitCore
import GripFitRecords
import GripFitStore
import ScratchSupport

/// Sessions and scratch directories for the store's tests and the server's: one recorded
/// session shape, so both backends' tests file the same thing.
public enum Fixtures {
    /// The subject the store's and the exchange's tests file: every fact known, a note.
    public static func subject(_ code: String = "P017", note: String? = "left-handed scissors") throws -> Subject {
        guard let birth = Subject.Birth.Day("1979-03-14") else { throw SubjectError.badBirthDate("1979-03-14") }
        return try Subject(
            code: code,
            sex: .female,
            birth: .date(birth),
            dominant: .right,
            heightCentimetres: 168,
            weightKilograms: 64.5,
            note: note
        )
    }

    public static func temporaryDirectory() -> String {
        Scratch.directory("gripfit-store-tests")
    }

    public static let calibration = StoredCalibration(
        device: "ble:C0:FF:EE:00:00:01",
        calibration: Calibration(offset: 1_000, countsPerKilogram: 20_000),
        date: "2026-11-22T04:00:00.000Z",
        massKilograms: 10
    )

    /// Three squeezes to 30, 35 and 40 kg at 100 ms, with a link gap after the second.
    public static func session(start: Int64 = 1_795_000_000_000, label: String? = "morning", calibrated: Bool = true) -> StoredSession {
        var samples: [RawSample] = []
        var micros: Int64 = 0
        for (index, peak) in [30.0, 35, 40].enumerated() {
            for step in 0..<30 {
                let kilograms = step < 5 || step >= 25 ? 0 : peak * (1 - abs(Double(step) - 15) / 20)
                samples.append(RawSample(micros: micros, raw: Int32(1_000 + kilograms * 20_000)))
                micros += 100_000
            }
            if index == 1 { micros += 2_000_000 }
        }
        let gap = TraceGap(startMicros: 6_050_000, endMicros: 7_950_000)
        return StoredSession.analysed(
            device: "ble:C0:FF:EE:00:00:01",
            startedAtMilliseconds: start,
            firmware: "1.0",
            bridgeVersion: "1.2.0",
            label: label,
            hand: .right,
            calibration: calibrated ? calibration : nil,
            trace: RawTrace(samples: samples, gaps: [gap])
        )
    }
}
