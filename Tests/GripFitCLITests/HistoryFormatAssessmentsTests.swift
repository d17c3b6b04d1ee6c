import GripFitCore
import GripFitExchange
import GripFitLive
import GripFitOutput
import Testing

@testable import GripFitCLI

/// `history --assessments` in each format, with no assessment: the table says how to record one,
/// CSV has its header, JSON an empty array (the listing of recorded ones: ClinicalAcceptanceTests).
struct HistoryFormatAssessmentsTests {
    @Test(arguments: HistoryFormat.allCases)
    func noAssessmentIsWrittenAsEachFormatSaysIt(format: HistoryFormat) {
        var encoder = format.assessmentEncoder(unit: .kilograms)
        var bytes: [UInt8] = []
        encoder.begin(into: &bytes)
        encoder.finish(into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        switch format {
        case .table: #expect(text == AssessmentListing.noneYet + "\n")
        case .csv: #expect(text == CSVLine.join(AssessmentListing.csvHeader) + "\n")
        case .json: #expect(text == "[]\n")
        }
    }
}
