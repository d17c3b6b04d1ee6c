import GripFitCore
import GripFitRecords

/// One report as it leaves the session's one ``CalibrationStage``: what a
/// `LinkConsumer<CalibratedReport>` consumes. It comes with the stage's output (the device key
/// once decided, a reading's kilograms) and the stage itself (its calibration and zero). A
/// ``CalibratedSession`` runs the stage once and feeds every such consumer, so two of them (a
/// recording and the live view) share one identity, one lookup and one zero.
public struct CalibratedReport {
    public var output: LiveCalibration.Output
    public var stage: LiveCalibration

    public init(_ output: LiveCalibration.Output, stage: LiveCalibration) {
        self.output = output
        self.stage = stage
    }
}
