import ArgumentParser
import GripFitCore
import GripFitLinux
import GripFitOutput

/// `gripfit-serial list`: the bridges plugged in, as udev describes them.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the GripFit bridge dongles plugged in.",
        discussion: """
            Each bridge with its devnode, by-id path, USB ID, serial number and product (--all: every \
            USB serial port, bridges marked). Any of the columns names a dongle for --port: the devnode, the by-id path or the USB serial \
            number (a unique prefix is enough). Prefer the serial number or the by-id path: the \
            ttyACM number can change when the dongle is replugged.

            Examples:
              gripfit-serial list
              gripfit-serial list --all
              gripfit-serial list --json | jq -r '.[0].serial'
            """
    )

    @Flag(help: "One JSON array of ports on stdout.")
    var json = false

    @Flag(help: "Every USB serial port, bridges marked.")
    var all = false

    init() {}

    func run() throws {
        Diagnostics.bootstrap(level: .warning)
        try run(to: StandardStreams())
    }

    /// The listing written to `sink`: tests list a testbed's dongles in-process (issue 32).
    func run(to sink: some CommandOutput) throws {
        let ports = try UdevEnumerator(context: UdevContext()).usbSerialPorts().filter { all || $0.isBridge }
        if json {
            sink.line("[" + ports.map(Self.json).joined(separator: ",") + "]")
            return
        }
        guard !ports.isEmpty else {
            sink.error(
                all
                    ? "No USB serial ports. Plug in the dongle; if it still does not appear, run `gripfit-serial doctor`."
                    : PortSelectionError.noBridge(otherPorts: []).description
            )
            return
        }
        var rows = [["DEVNODE", "USB ID", "SERIAL", "PRODUCT", "BY-ID"] + (all ? ["BRIDGE"] : [])]
        for port in ports {
            rows.append(
                [
                    port.devnode, port.id?.description ?? "-", port.serial.map(UntrustedText.escaped) ?? "-",
                    port.product.map(UntrustedText.escaped) ?? "-", port.byIdPath.map(UntrustedText.escaped) ?? "-",
                ] + (all ? [port.isBridge ? "yes" : "no"] : [])
            )
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            sink.line(padded.joined(separator: "  "))
        }
    }

    /// Missing fields are left out rather than null, as in the JSONL events.
    static func json(_ port: UsbSerialPort) -> String {
        var object = JSONObject()
        object.set("devnode", port.devnode)
        if let byId = port.byIdPath { object.set("by_id", byId) }
        if let id = port.id {
            object.set("vendor_id", id.vendorHex)
            object.set("product_id", id.productHex)
        }
        if let serial = port.serial { object.set("serial", serial) }
        if let manufacturer = port.manufacturer { object.set("manufacturer", manufacturer) }
        if let product = port.product { object.set("product", product) }
        object.set("bridge", port.isBridge)
        return object.text
    }
}
