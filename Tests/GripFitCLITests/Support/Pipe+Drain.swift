import Foundation

extension Pipe {
    /// Reads and drops whatever the child says from now on, so it never blocks on a full pipe.
    func drainInBackground() {
        fileHandleForReading.readabilityHandler = { handle in
            if handle.availableData.isEmpty { handle.readabilityHandler = nil }
        }
    }
}
