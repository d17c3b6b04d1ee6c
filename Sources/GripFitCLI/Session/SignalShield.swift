import CGripFitShims
import Foundation
import Glibc
import GripFitPostgres

/// Holds SIGINT, SIGTERM and SIGHUP off while a save runs, so a second Ctrl-C cannot cut it short.
/// The save is one transaction anyway; this only spares the user a lost session. One that arrives
/// while the save waits on the history server gives that wait up (``PostgresHistory/abandonWaits()``):
/// a server that stopped answering would otherwise hold the user until the statement's deadline,
/// and the save then lands on the station's own file, pending. The handlers before it come back
/// afterwards, so a save inside a running session keeps its signal pipe.
enum SignalShield {
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        var ends: [Int32] = [-1, -1]
        guard gripfit_pipe(&ends) == 0 else { return try ignoring(body) }
        guard gripfit_shield_install(ends[1]) == 0 else {
            close(ends[0])
            close(ends[1])
            return try ignoring(body)
        }
        let watcher = Watcher(readEnd: ends[0])
        defer {
            gripfit_shield_uninstall()
            watcher.stop(writeEnd: ends[1])
            close(ends[0])
            close(ends[1])
        }
        return try body()
    }

    /// Where no pipe can be made: the signals ignored during the save, as before the server could hang it.
    private static func ignoring<T>(_ body: () throws -> T) rethrows -> T {
        let previous = [SIGINT, SIGTERM, SIGHUP].map { ($0, signal($0, SIG_IGN)) }
        defer { for (number, handler) in previous { signal(number, handler) } }
        return try body()
    }

    /// A thread reading the shield's pipe: a signal's number abandons the server's waits; the 0 that
    /// ``stop(writeEnd:)`` writes ends it.
    private final class Watcher: Sendable {
        private let done = DispatchSemaphore(value: 0)

        init(readEnd: Int32) {
            let done = done
            Thread.detachNewThread {
                defer { done.signal() }
                var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                while true {
                    guard poll(&descriptor, 1, -1) >= 0 || errno == EINTR else { return }
                    var byte: UInt8 = 0
                    while read(readEnd, &byte, 1) == 1 {
                        if byte == 0 { return }
                        PostgresHistory.abandonWaits()
                    }
                }
            }
        }

        func stop(writeEnd: Int32) {
            var stop: UInt8 = 0
            while write(writeEnd, &stop, 1) < 0, errno == EINTR {}
            done.wait()
        }
    }
}
