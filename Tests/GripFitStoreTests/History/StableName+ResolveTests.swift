import GripFitRecords
import GripFitStore
import Testing

/// ``StableName/resolve(_:kind:matches:)``: a name given by a user, found among the history's uids.
struct StableNameResolveTests {
    @Test func aPrefixNamingSeveralIsRefusedWithPrefixesThatTellThemApart() throws {
        let matches = [(id: Int64(3), uid: "7k2mq9xa3d1111111111111111"), (id: 9, uid: "7k2mq9xa3d1122222222222222")]
        #expect(throws: StoreError.ambiguousName("s-7k2m", matches: ["s-7k2mq9xa3d111", "s-7k2mq9xa3d112"])) {
            try StableName.resolve("s-7k2m", kind: .session, matches: matches)
        }
        #expect(try StableName.resolve("s-7k2m", kind: .session, matches: Array(matches.prefix(1))) == 3)
        #expect(throws: StoreError.unknownName("s-7k2m")) { try StableName.resolve("s-7k2m", kind: .session, matches: []) }
    }
}
