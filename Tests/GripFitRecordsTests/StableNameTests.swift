import GripFitRecords
import Testing

@testable import GripFitRecords

/// ``StableName``: the uid's form, the names users see and give, and the names derived for rows
/// from before names.
struct StableNameTests {
    /// A generator that counts, so a uid's characters can be checked.
    private struct Counting: RandomNumberGenerator {
        var value: UInt64
        mutating func next() -> UInt64 {
            defer { value &+= 1 }
            return value
        }
    }

    @Test func aUidIs26CharactersOfBase32AndItsNameTheFirstTen() {
        var generator = Counting(value: UInt64.max)
        let uid = StableName.random(using: &generator)
        // All ones, then all zeros: 25 characters of five bits and a last one of three.
        #expect(uid == "zzzzzzzzzzzzy0000000000000")
        #expect(StableName.isUID(uid))
        #expect(StableName.name(.session, uid: uid) == "s-zzzzzzzzzz")
        #expect(StableName.name(.assessment, uid: uid) == "a-zzzzzzzzzz")
        #expect(StableName.random() != StableName.random())
    }

    @Test func aNameIsReadInEitherCaseWithLookAlikesAndAnyPrefixOfFourOrMore() {
        #expect(StableName.parse("s-7K2M")?.kind == .session)
        #expect(StableName.parse("A-7k2mq9xa3d")?.prefix == "7k2mq9xa3d")
        #expect(StableName.parse("s-OIlo")?.prefix == "0110")
        for refused in ["s-7k2", "x-7k2mq", "s7k2mq", "s-7k2u", "3", "A3", "s-" + String(repeating: "0", count: 27)] {
            #expect(StableName.parse(refused) == nil, "\(refused)")
        }
    }

    /// Copies of one old session in two histories derive the same name; another start, another name.
    @Test func rowsFromBeforeNamesDeriveTheirsFromWhatMadeThemUnique() {
        let one = StableName.legacy(device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: 1_795_000_000_000)
        #expect(one == StableName.legacy(device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: 1_795_000_000_000))
        let next = StableName.legacy(device: "ble:C0:FF:EE:00:00:01", startedAtMilliseconds: 1_795_000_000_001)
        #expect(one.prefix(StableName.shortLength) != next.prefix(StableName.shortLength))
        var taken: Set<String> = []
        let first = StableName.legacyAssessment(device: "d", startedAtMilliseconds: 1, protocolName: "standard", taken: &taken)
        let second = StableName.legacyAssessment(device: "d", startedAtMilliseconds: 1, protocolName: "standard", taken: &taken)
        #expect(first == StableName.legacy(device: "d", startedAtMilliseconds: 1, protocolName: "standard"))
        #expect(first != second && StableName.isUID(second))
    }
}
