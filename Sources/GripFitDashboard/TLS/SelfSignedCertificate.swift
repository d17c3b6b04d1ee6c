import Crypto
import Foundation
import GripFitStore
import SwiftASN1
import X509

/// `dashboard --tls self-signed`: a certificate made on first use, as appliances (Homebridge, OctoPi) do on
/// first boot, kept in gripfit's config directory (`tls/`, 0700; the key 0600) and reused on later starts,
/// so the fingerprint a user compared once stays the same. One that has expired is made anew.
public enum SelfSignedCertificate {
    public static let certificateFile = "dashboard-certificate.pem"
    public static let keyFile = "dashboard-key.pem"
    /// The longest validity browsers accept for a certificate (CA/Browser Forum, since 2018).
    public static let validityDays = 825

    /// The identity in `directory`, made there with `names` if it holds none or an expired one; `made` says
    /// which, for the message that tells the user to compare the fingerprint.
    public static func loadOrMake(
        in directory: String,
        names: HostNames,
        now: Date = Date()
    ) throws(TLSFailure) -> (identity: TLSIdentity, made: Bool) {
        let certificatePath = directory + "/" + certificateFile
        let keyPath = directory + "/" + keyFile
        if FileManager.default.fileExists(atPath: certificatePath), FileManager.default.fileExists(atPath: keyPath) {
            let identity: TLSIdentity
            do {
                identity = try TLSIdentity.load(certificatePath: certificatePath, keyPath: keyPath)
            } catch {
                throw TLSFailure(
                    error.kind,
                    "The saved self-signed certificate cannot be used: \(error.message) "
                        + "Remove \(directory) to have a new one made (its fingerprint will change)."
                )
            }
            if let notAfter = try? Certificate(derEncoded: identity.certificateChain[0].toDERBytes()).notValidAfter,
                notAfter > now
            {
                return (identity, false)
            }
        }
        let (certificatePEM, keyPEM) = try make(names: names, now: now)
        do {
            try PrivateFiles.makeDirectory(directory)
            // The key first: a certificate is never left beside another key.
            try PrivateFiles.write(Array(keyPEM.utf8), to: keyPath)
            try PrivateFiles.write(Array(certificatePEM.utf8), to: certificatePath)
        } catch {
            throw TLSFailure(
                .cannotCreate,
                "Cannot save the self-signed certificate in \(directory): \(error) "
                    + "Or give your own with --tls-cert FILE --tls-key FILE."
            )
        }
        let identity = try TLSIdentity(
            certificatePEM: Array(certificatePEM.utf8),
            keyPEM: Array(keyPEM.utf8),
            certificatePath: certificatePath,
            keyPath: keyPath
        )
        return (identity, true)
    }

    /// A new P-256 key and a certificate it signs for `names` (valid from an hour before `now`, for
    /// clocks a little behind, for ``validityDays``), both in PEM.
    public static func make(names: HostNames, now: Date) throws(TLSFailure) -> (certificate: String, key: String) {
        do {
            let key = P256.Signing.PrivateKey()
            let name = try DistinguishedName {
                OrganizationName("gripfit-serial dashboard")
                CommonName(names.dnsNames.first ?? "localhost")
            }
            let alternativeNames =
                names.dnsNames.map { GeneralName.dnsName($0) }
                + names.addresses.compactMap { HostNames.bytes(of: $0) }.map {
                    GeneralName.ipAddress(ASN1OctetString(contentBytes: $0[...]))
                }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(alternativeNames)
            }
            let certificate = try Certificate(
                version: .v3,
                serialNumber: Certificate.SerialNumber(),
                publicKey: Certificate.PublicKey(key.publicKey),
                notValidBefore: now - 3600,
                notValidAfter: now + Double(validityDays) * 86_400,
                issuer: name,
                subject: name,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: extensions,
                issuerPrivateKey: Certificate.PrivateKey(key)
            )
            return (try certificate.serializeAsPEM().pemString + "\n", key.pemRepresentation + "\n")
        } catch {
            throw TLSFailure(
                .cannotCreate,
                "Cannot make the self-signed certificate (\(error)); give your own with --tls-cert FILE --tls-key FILE."
            )
        }
    }
}
