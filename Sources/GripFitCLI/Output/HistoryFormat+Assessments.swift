import GripFitCore
import GripFitExchange
import GripFitLive
import GripFitOutput

/// `history --assessments` in the listing's format, one encoder each as for the sessions
/// (``HistoryFormat/encoder(display:width:)``): ``AssessmentListing``'s lines, rows or objects.
extension HistoryFormat {
    func assessmentEncoder(unit: ForceUnit) -> any ByteEncoder<ClinicalView, Never> {
        switch self {
        case .table: AssessmentTableEncoder(unit: unit)
        case .csv: CSVRowsEncoder(header: AssessmentListing.csvHeader) { AssessmentListing.csvFields($0, unit: unit) }
        case .json: JSONArrayEncoder(row: { AssessmentListing.json($0, unit: unit) })
        }
    }
}
