/// Fast paths for the one event a session is made of: a reading, appended as bytes in the exact
/// shape ``EventEncoder/jsonl(_:time:)``, ``EventEncoder/csv(_:time:)`` and
/// ``EventEncoder/text(_:time:)`` give it (EventEncoderTests hold them to that), without building a
/// `JSONObject` or any `String`. Every other event goes through the general encoders.
extension EventEncoder {
    /// `{"event":"reading","time":"…","raw":…}`: nothing in it needs escaping.
    static func appendJSONL(reading raw: Int32, time: [UInt8], to output: inout [UInt8]) {
        output.append(contentsOf: #"{"event":"reading","time":""#.utf8)
        output.append(contentsOf: time)
        output.append(contentsOf: #"","raw":"#.utf8)
        appendDecimal(raw, to: &output)
        output.append(contentsOf: "}\n".utf8)
    }

    static func appendCSV(reading raw: Int32, time: [UInt8], to output: inout [UInt8]) {
        output.append(contentsOf: time)
        output.append(UInt8(ascii: ","))
        appendDecimal(raw, to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    static func appendText(reading raw: Int32, time: [UInt8], to output: inout [UInt8]) {
        output.append(contentsOf: time)
        output.append(contentsOf: " reading ".utf8)
        appendDecimal(raw, to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    /// `String(raw)`'s digits, written in place.
    private static func appendDecimal(_ value: Int32, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        let start = output.count
        var magnitude = value.magnitude
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }
}
