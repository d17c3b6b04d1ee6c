import GripFitOutput
import Testing

/// A JSON array on one line: each item's object as it comes, between the brackets.
struct JSONArrayEncoderTests {
    static func pieces(_ items: [Int], inPlace: Bool = false) -> [String] {
        var encoder =
            inPlace
            ? JSONArrayEncoder<Int>(fill: { item, object in object.set("n", item) })
            : JSONArrayEncoder<Int>(row: { item in
                var object = JSONObject()
                object.set("n", item)
                return object
            })
        var pieces: [[UInt8]] = Array(repeating: [], count: items.count + 2)
        encoder.begin(into: &pieces[0])
        for (index, item) in items.enumerated() { encoder.add(item, into: &pieces[index + 1]) }
        encoder.finish(into: &pieces[items.count + 1])
        return pieces.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func eachObjectIsWrittenAsItComes() {
        #expect(Self.pieces([1, 2]) == ["[", #"{"n":1}"#, #",{"n":2}"#, "]\n"])
    }

    @Test func itemsSetInPlaceGiveTheSamePieces() {
        #expect(Self.pieces([1, 2], inPlace: true) == Self.pieces([1, 2]))
    }

    @Test func noItemIsAnEmptyArray() {
        #expect(Self.pieces([]).joined() == "[]\n")
    }
}
