import GripFitCore
import GripFitLinux
import GripFitSimulator

/// A port to talk to: where it comes from, and the pin to send its bridge. The simulator behind
/// it, if any, stops when the connection goes.
final class Connection {
    let source: PortSource
    /// Sent to the bridge as `BRIDGE:PIN` when the port opens: an address, or nil to unpin; nil: nothing.
    var pin: BLEAddress??
    /// The session's clock: the simulator's compressed time (`--speed`), else the host's.
    let clock: MonotonicClock

    var path: String { source.path }
    var simulator: VirtualDongle? { source.simulator }
    /// The dongle as `--port` chose it; nil for the simulator, paths opened without udev and network ports.
    var selection: PortSelection? { source.selection }
    /// The dongle, as its remembered pin is filed: its USB serial number, else its path.
    var dongleKey: String { source.dongleKey }

    init(source: PortSource) {
        self.source = source
        clock = MonotonicClock(speed: source.simulator?.speed ?? 1)
    }

    deinit {
        simulator?.stop()
    }

    /// A driver for this port, reopened through ``PortSource/open()`` after every loss and told by
    /// the source's hotplug events (if any) when the dongle goes and comes back. On a sped-up
    /// simulator the timeouts are stretched to stay as long in the host's seconds.
    func makeDriver(timings: LinkTimings = LinkTimings()) -> LinkDriver {
        let driver = LinkDriver(
            open: source.open,
            timings: timings.stretched(by: clock.speed),
            clock: clock,
            logger: Diagnostics.logger(label: "gripfit.session")
        )
        if let pin { driver.submit(.bridge(.pin(pin))) }
        if let hotplug = source.hotplug() { driver.eventSources = [hotplug] }
        return driver
    }
}
