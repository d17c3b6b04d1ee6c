import Glibc
import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitLinux
import GripFitRecords
import GripFitSimulator
import GripFitStore

/// A user-facing failure: what went wrong, what to do, and the exit code.
/// `init(_:)` is the one place where errors become messages and codes.
struct CLIFailure: Error, CustomStringConvertible, Sendable {
    let message: String
    let status: ExitStatus

    init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    var description: String { message }

    /// A system call's failure: an I/O error (74).
    init(_ error: SystemError) {
        self.init(error.description, status: .ioError)
    }

    /// The failure for one of this program's own errors; nil for argument-parser errors, which
    /// ArgumentParser reports itself (usage errors exit 64).
    init?(_ error: any Error) {
        switch error {
        case let failure as CLIFailure:
            self = failure
        case let error as PortError:
            self.init(error.description, status: Self.status(for: error))
        case let error as CommandError:
            self.init("\(error). Nothing was sent.", status: .usage)
        case let error as SystemError:
            self.init(error)
        case let error as PortSelectionError:
            self.init(error.description, status: Self.status(for: error))
        case let error as UdevError:
            self.init(error.description, status: .unavailable)
        case let error as StoreError:
            self.init(error.description, status: Self.status(for: error))
        case let error as SessionSaveError:
            self.init(error.message, status: CLIFailure(error.cause)?.status ?? .cannotCreate)
        case let error as SubjectError:
            self.init(error.description, status: .dataError)
        case let error as CalibrationError:
            self.init("Calibration refused: \(error). Nothing was saved.", status: .dataError)
        case let error as PDFRenderError:
            self.init(error.description, status: error.status)
        case let error as FHIRRefusal:
            self.init(error.description, status: .dataError)
        case let error as FHIRInputError:
            self.init("FHIR export refused: \(error). Nothing was written.", status: .dataError)
        default:
            return nil
        }
    }

    static func status(for error: StoreError) -> ExitStatus {
        switch error {
        case .unavailable: .cannotCreate
        case .unreachable, .tlsRefused: .unavailable
        case .cannotWrite: .cannotCreate
        case .corrupt, .badImport, .damaged, .damagedSession, .damagedRecord, .notExportable, .traceTooLarge, .duplicateSubject,
            .erasedCode, .damagedSubject, .badImportedSubject, .subjectConflict, .refused:
            .dataError
        case .notFound, .unknownSubject, .unknownAssessment, .unknownName: .noInput
        case .ambiguousName: .usage
        }
    }

    static func status(for error: PortError) -> ExitStatus {
        switch error {
        case .notFound, .unreachable, .serverDeviceFailed: .unavailable
        case .permissionDenied: .noPermission
        case .busy: .temporaryFailure
        // `--port /tmp`: the command line names something that is no serial device.
        case .notATerminal: .usage
        case .removed, .system, .connectionLost: .ioError
        }
    }

    static func status(for error: PortSelectionError) -> ExitStatus {
        switch error {
        case .noBridge, .noMatch: .unavailable
        case .severalBridges, .ambiguous: .usage
        }
    }

    /// A signal stopped the command before it did its job; `what` says what was left undone.
    static func interrupted(by signal: Int32, _ what: String) -> CLIFailure {
        CLIFailure(
            "interrupted (\(signal == SIGTERM ? "SIGTERM" : "Ctrl-C")): "
                + "\(what)",
            status: signal == SIGTERM ? .terminated : .interrupted
        )
    }

    /// A session that ended in an error state before it could do its job.
    init(_ kind: LinkErrorKind, portError: PortError?) {
        switch kind {
        case .dongleMissing, .permissionDenied, .portBusy:
            if let portError {
                self.init(portError.description, status: Self.status(for: portError))
            } else {
                self.init("The dongle is not there. Plug it in, or run `gripfit-serial list`.", status: .unavailable)
            }
        case .deviceNotFound:
            self.init(
                "No GripFit found within 10 s. Switch it on, bring it within a few metres of the dongle, "
                    + "and make sure no phone is connected to it.",
                status: .unavailable
            )
        case .connectionTimeout:
            self.init("The GripFit was found but did not connect within 5 s. Try again closer to the dongle.", status: .temporaryFailure)
        case .deviceNotRecognized:
            self.init(
                "The device the bridge found has no Nordic UART Service: it is not a GripFit, or its firmware is broken.",
                status: .unavailable
            )
        case .sensorNotReady:
            self.init(
                "The GripFit reports S:NOT_READY: its HX711 load-cell amplifier does not respond. Check the sensor "
                    + "wiring or power-cycle the device.",
                status: .ioError
            )
        }
    }

    /// A command that did not get its expected reply.
    init(_ command: Command, failure: CommandFailure) {
        let line = command.line
        switch failure {
        case .timedOut(let attempts):
            self.init("No reply to \(line) after \(attempts) tries. Is the GripFit still on?", status: .temporaryFailure)
        case .sensorNotReady:
            self.init(.sensorNotReady, portError: nil)
        case .bridge(.notConnected):
            self.init("The bridge has no link to a GripFit (B:ERROR,NOT_CONNECTED).", status: .unavailable)
        case .bridge(.writeTimeout):
            self.init(
                "The GripFit never answered the write of \(line) (B:ERROR,WRITE_TIMEOUT); the bridge reconnects. Try again.",
                status: .temporaryFailure
            )
        case .bridge(let code):
            self.init("The bridge refused \(line): B:ERROR,\(code.rawValue).", status: .ioError)
        case .unexpectedReply(let message):
            self.init("\(line) got an unexpected reply: \(message).", status: .ioError)
        case .linkLost:
            self.init("The link to the GripFit dropped while \(line) was waiting. Try again.", status: .temporaryFailure)
        }
    }
}
