/// Why `dashboard --tls-cert/--tls-key` or `--tls self-signed` cannot serve HTTPS: the file and what to do.
public struct TLSFailure: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A file that is not there or cannot be read (the user gives another path or fixes its permissions).
        case unreadable
        /// A file that is there but is not a PEM certificate or key, or a key that is not the certificate's.
        case invalid
        /// The self-signed certificate could not be made or saved.
        case cannotCreate
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
