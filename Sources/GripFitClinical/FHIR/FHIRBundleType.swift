/// Which Bundle `export --format fhir` writes. A `collection` is a document to read or archive; a
/// server refuses it at its base URL (HAPI FHIR #828). A `transaction` can be POSTed there: each
/// entry is a conditional create on its identifier (`ifNoneExist`), so sending it twice creates
/// nothing new.
public enum FHIRBundleType: String, Sendable, CaseIterable {
    case collection
    case transaction
}
