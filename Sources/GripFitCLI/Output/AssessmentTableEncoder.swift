import GripFitCore
import GripFitExchange
import GripFitOutput

/// `history --assessments`: each assessment's heading line and figures as it comes; when there was
/// none, the line saying how to record one.
struct AssessmentTableEncoder: ByteEncoder {
    typealias Item = ClinicalView

    let unit: ForceUnit
    private var written = 0

    init(unit: ForceUnit) {
        self.unit = unit
    }

    func begin(into bytes: inout [UInt8]) {}

    mutating func add(_ view: ClinicalView, into bytes: inout [UInt8]) {
        written += 1
        for line in AssessmentListing.lines(view, unit: unit) { Self.append(line, to: &bytes) }
    }

    func finish(into bytes: inout [UInt8]) {
        if written == 0 { Self.append(AssessmentListing.noneYet, to: &bytes) }
    }

    private static func append(_ line: String, to bytes: inout [UInt8]) {
        bytes += line.utf8
        bytes.append(UInt8(ascii: "\n"))
    }
}
