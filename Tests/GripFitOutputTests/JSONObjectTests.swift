import Foundation
import GripFitOutput
import Testing

struct JSONObjectTests {
    @Test func keepsTheKeysInOrderAndEscapesTheStrings() throws {
        var inner = JSONObject()
        inner.set("n", 1)
        var object = JSONObject(capacity: 8)
        object.set("event", "r\u{202e}\"x")
        object.set("peak", 12.5)
        object.set("nan", Double.nan)
        object.set("ok", true)
        object.set("list", [1, 2])
        object.set("one", inner)
        object.set("many", [inner, inner])
        object.setNull("none")
        let expected =
            #"{"event":"r\#u{202e}\"x","peak":12.5,"nan":null,"ok":true,"list":[1,2],"#
            + #""one":{"n":1},"many":[{"n":1},{"n":1}],"none":null}"#
        #expect(object.text == expected)
        // Parsed back by Foundation: the bytes are the JSON the text says.
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(object.text.utf8)) as? [String: Any])
        #expect(parsed["event"] as? String == "r\u{202e}\"x")
    }

    @Test func writesTheSameBytesItsTextHolds() {
        var object = JSONObject()
        object.set("label", "grip é\u{2029}")
        var bytes: [UInt8] = Array("[".utf8)
        object.write(to: &bytes)
        #expect(bytes == Array(("[" + object.text).utf8))
        #expect(object.text == #"{"label":"grip é\u2029"}"#)
    }

    @Test func anEmptyObjectIsBraces() {
        #expect(JSONObject().text == "{}")
    }

    @Test func writtenInPlaceKeepsTheBytesBeforeItAndMatchesItsText() {
        var inner = JSONObject()
        inner.set("n", 1)
        var separate = JSONObject()
        separate.set("label", "x\u{1b}")
        separate.set(fieldsOf: inner)
        var bytes: [UInt8] = Array("[1,".utf8)
        JSONObject.write(to: &bytes) { object in
            object.set("label", "x\u{1b}")
            object.set(fieldsOf: inner)
        }
        #expect(bytes == Array(("[1," + separate.text).utf8))
        #expect(separate.text == #"{"label":"x\u001b","n":1}"#)
        var empty: [UInt8] = Array("[".utf8)
        JSONObject.write(to: &empty) { $0.set(fieldsOf: JSONObject()) }
        #expect(empty == Array("[{}".utf8))
    }
}
