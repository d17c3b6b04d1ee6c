/// Why a `--port` URL does not name a network port; each message shows the form that works.
public enum NetworkPortAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAURL(String)
    case unknownScheme(String)
    case missingPort(String)
    case badHost(String)
    /// pyserial's options after `?`, which gripfit-serial does not take.
    case options(String, String)

    public var description: String {
        let forms = "rfc2217://HOST:PORT (ser2net telnet(rfc2217), labgrid) or tcp://HOST:PORT or socket://HOST:PORT (raw TCP)"
        switch self {
        case .notAURL(let text): return "--port \(text) is not a network port URL; use \(forms)."
        case .unknownScheme(let text): return "--port \(text): unknown scheme; use \(forms)."
        case .missingPort(let text): return "--port \(text): give a TCP port from 1 to 65535 after the host, as in \(forms)."
        case .badHost(let text): return "--port \(text): no host; use \(forms)."
        case .options(let text, let options):
            return "--port \(text): URL options (\(options)) are pyserial's and not taken here; remove them "
                + "(for the protocol's log, use --log-level debug)."
        }
    }
}
