import GripFitCore

/// What ``LinkDriver`` needs of a port, whatever carries the bytes: a termios tty here, a TCP
/// socket to ser2net in GripFitNetworkPort. Framing, parsing and commands never see the difference.
public protocol PortTransport: AnyObject {
    /// The name the user gave (a device path or a `tcp://`/`rfc2217://` URL), for messages.
    var path: String { get }
    var fileDescriptor: Int32 { get }
    /// What poll() waits for: POLLOUT while a network connect is under way, else POLLIN.
    var pollEvents: Int16 { get }
    /// False while a connect is under way; the driver reports the port open once it turns true.
    var isConnected: Bool { get }
    /// How long a connect may stay under way before the driver gives up on it.
    var connectTimeout: Duration { get }
    /// Called when poll() reports the descriptor ready: finishes a connect, or reads what is
    /// available into `buffer` without blocking. Returns the count of data bytes placed at its
    /// start (never protocol bytes); 0 means "nothing yet". Throws when the port is gone.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(PortError) -> Int
    /// Writes every byte of `bytes` (escaped as the transport needs).
    func write(_ bytes: [UInt8]) throws(PortError)
    /// Releases the port. Safe to call twice.
    func close()
}
