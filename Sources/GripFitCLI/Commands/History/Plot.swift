import ArgumentParser
import Foundation
import GripFitCore
import GripFitStore

/// `gripfit-serial plot <id> -o FILE.svg`.
public struct Plot: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Draw a saved session as an SVG: force over time, reps shaded, peak marked.",
        discussion: """
            Example:
              gripfit-serial plot 3 -o session3.svg --unit lb
              rsvg-convert session3.svg -o session3.png
            """)

    @Argument(help: "The session id, from `gripfit-serial history`.")
    public var id: Int64

    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG file to write.", valueName: "file"))
    public var output: String

    @Option(help: "Unit for a calibrated session: kg, lb or N.")
    public var unit: ForceUnit = .kilograms

    public init() {}

    public func run() throws {
        try PrivateFiles.checkWritable(output)
        let (store, damage) = try Storage.historyToRead()
        let session = try store.session(id: id)
        let svg = ForcePlot().svg(session, display: ForceDisplay(calibration: session.calibration, unit: unit))
        try PrivateFiles.write(Array(svg.utf8), to: output)
        StandardOutput.error("wrote \(output)")
        if let damage { throw damage }
    }
}
