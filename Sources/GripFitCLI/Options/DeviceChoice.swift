import ArgumentParser
import GripFitCore

/// `--device`: the GripFit the bridge should connect to (a BLE address from `scan`), or `any`.
enum DeviceChoice: ExpressibleByArgument, Equatable, Sendable {
    case address(BLEAddress)
    case any

    init?(argument: String) {
        if argument.lowercased() == "any" {
            self = .any
        } else if let address = BLEAddress(argument.uppercased()) {
            self = .address(address)
        } else {
            return nil
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
