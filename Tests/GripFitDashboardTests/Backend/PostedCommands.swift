import GripFitCore
import Synchronization

/// The commands the page's requests queued for the dongle, in order, in place of the driver's inbox.
final class PostedCommands: Sendable {
    private let commands = Mutex<[Command]>([])

    var all: [Command] {
        commands.withLock { $0 }
    }

    func post(_ command: Command) -> Bool {
        commands.withLock { $0.append(command) }
        return true
    }
}
