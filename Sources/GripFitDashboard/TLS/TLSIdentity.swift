import Crypto
import Glibc
import GripFitOutput
import NIOSSL

/// The certificate chain and private key the dashboard serves HTTPS with, checked when loaded (PEM, the key
/// the certificate's), and the leaf certificate's SHA-256 fingerprint the user compares with the browser's.
public struct TLSIdentity: Sendable {
    public let certificateChain: [NIOSSLCertificate]
    public let privateKey: NIOSSLPrivateKey
    /// SHA-256 of the leaf certificate's DER, as browsers show it: upper-case hex pairs joined by colons.
    public let fingerprint: String

    /// Loads `certificatePath` (the server's certificate first, then any intermediates) and `keyPath`.
    public static func load(certificatePath: String, keyPath: String) throws(TLSFailure) -> TLSIdentity {
        let certificateBytes = try read(certificatePath, what: "certificate", option: "--tls-cert")
        let keyBytes = try read(keyPath, what: "private key", option: "--tls-key")
        return try TLSIdentity(certificatePEM: certificateBytes, keyPEM: keyBytes, certificatePath: certificatePath, keyPath: keyPath)
    }

    /// Checks the PEM text of a chain and its key; the paths are only for the messages.
    init(certificatePEM: [UInt8], keyPEM: [UInt8], certificatePath: String, keyPath: String) throws(TLSFailure) {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(certificatePEM)
        } catch {
            chain = []
        }
        guard let leaf = chain.first, Self.holdsPEM(certificatePEM, label: "CERTIFICATE") else {
            throw TLSFailure(
                .invalid,
                "\(certificatePath) holds no PEM certificate (-----BEGIN CERTIFICATE-----): give --tls-cert the "
                    + "certificate in PEM (openssl x509 -inform der -in FILE -out FILE.pem converts a DER one)."
            )
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: keyPEM, format: .pem)
        } catch {
            throw TLSFailure(
                .invalid,
                "\(keyPath) holds no unencrypted PEM private key (-----BEGIN PRIVATE KEY-----): give --tls-key the key "
                    + "in PEM without a passphrase (openssl pkey -in FILE -out FILE.pem removes one)."
            )
        }
        // BoringSSL refuses a key that is not the certificate's when the context takes both.
        do {
            _ = try NIOSSLContext(configuration: Self.serverConfiguration(chain: chain, key: key))
        } catch {
            throw TLSFailure(
                .invalid,
                "\(keyPath) is not the private key of the certificate in \(certificatePath): give --tls-key the key "
                    + "the certificate was made for (openssl x509 -noout -pubkey -in CERT and openssl pkey -pubout -in KEY "
                    + "print the same public key when they match)."
            )
        }
        let der: [UInt8]
        do {
            der = try leaf.toDERBytes()
        } catch {
            throw TLSFailure(.invalid, "\(certificatePath): its first certificate cannot be read back (\(error)); make it anew.")
        }
        self.certificateChain = chain
        self.privateKey = key
        self.fingerprint = Self.fingerprint(der: der)
    }

    /// The server's TLS settings: TLS 1.2 at least (1.0 and 1.1 are deprecated by RFC 8996).
    public var serverConfiguration: TLSConfiguration {
        Self.serverConfiguration(chain: certificateChain, key: privateKey)
    }

    static func serverConfiguration(chain: [NIOSSLCertificate], key: NIOSSLPrivateKey) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) },
            privateKey: .privateKey(key)
        )
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }

    /// `AB:CD:…`, 32 pairs.
    public static func fingerprint(der: [UInt8]) -> String {
        SHA256.hash(data: der).map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + text : text
        }.joined(separator: ":")
    }

    private static func holdsPEM(_ bytes: [UInt8], label: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains("-----BEGIN \(label)-----")
    }

    /// The whole file; a missing or unreadable one is named with errno's text and the option to fix.
    static func read(_ path: String, what: String, option: String) throws(TLSFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let fix =
                code == EACCES
                ? "let this user read it (chmod or chown), or run the dashboard as its owner"
                : "give \(option) the path of the \(what) in PEM"
            throw TLSFailure(.unreadable, "\(path): cannot read the \(what) (\(ErrnoText(code))): \(fix).")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw TLSFailure(
                    .unreadable,
                    "\(path): cannot read the \(what) (\(ErrnoText(code))): give \(option) a regular file in PEM."
                )
            }
            bytes += chunk[..<count]
            // A certificate chain is a few kilobytes; a larger file is not one.
            guard bytes.count <= 1 << 20 else {
                throw TLSFailure(.invalid, "\(path) is over 1 MiB, too large for a \(what): give \(option) the \(what) in PEM.")
            }
        }
        return bytes
    }
}
