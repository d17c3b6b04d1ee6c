import Foundation
import GripFitCore
import Testing

@testable import GripFitLive

/// The reading fast paths must write exactly what the general encoders give.
@Suite struct EventEncoderReadingsTests {
    static let values: [Int32] = [0, 1, -1, 9, 10, -10, 834_572, -8_388_608, Int32.max, Int32.min, 1_000_000, -999]
    let time = "2026-11-22T04:10:31.123Z"

    func written(_ append: (Int32, [UInt8], inout [UInt8]) -> Void, _ raw: Int32) -> String {
        var output = Array("prefix".utf8)
        append(raw, Array(time.utf8), &output)
        return String(decoding: output.dropFirst(6), as: UTF8.self)
    }

    @Test(arguments: values)
    func fastPathsMatchTheGeneralEncoders(raw: Int32) {
        let report = LinkReport.message(.reading(raw))
        #expect(written(EventEncoder.appendJSONL, raw) == EventEncoder.jsonl(report, time: time)! + "\n")
        #expect(written(EventEncoder.appendCSV, raw) == EventEncoder.csv(report, time: time)! + "\n")
        #expect(written(EventEncoder.appendText, raw) == EventEncoder.text(report, time: time)! + "\n")
    }
}
