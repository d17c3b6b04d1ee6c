/// Fast paths for the one event a session is made of: a reading, appended as bytes in the exact
/// shape ``EventEncoder/jsonl(_:time:)``, ``EventEncoder/csv(_:time:)`` and
/// ``EventEncoder/text(_:time:)`` give it (EventEncoderTests hold them to that), without building a
/// `JSONObject` or any `String`. Every other event goes through the general encoders.
extension EventEncoder {
    /// `{"event":"reading","time":"…","raw":…}`: nothing in it needs escaping.
    public static func appendJSONL(reading raw: Int32, time: [UInt8], to output: inout [UInt8]) {
        output.append(contentsOf: #"{"event":"reading","time":""#.utf8)
        output.append(contentsOf: time)
        output.append(contentsOf: #"","raw":"#.utf8)
        appendDecimal(raw, to: &output)
        output.append(contentsOf: "}\n".utf8)
    }

    public static func appendCSV(reading raw: Int32, time: [UInt8], to output: inout [UInt8]) {
        output.append(contentsOf: time)
        output.append(UInt8(ascii: ","))
        appendDecimal(raw, to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    public static func appendText(reading raw: Int32, time: [UInt8], to output: inout [UInt8]) {
        output.append(contentsOf: time)
        output.append(contentsOf: " reading ".utf8)
        appendDecimal(raw, to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    /// A line the general encoders gave, with its newline.
    static func appendLine(_ line: String, to output: inout [UInt8]) {
        output.append(contentsOf: line.utf8)
        output.append(UInt8(ascii: "\n"))
    }

    /// `String(raw)`'s digits, written in place: the leading digit's scale is found first so each digit lands
    /// where it belongs, with no slice to reverse (mutating a slice of `output` copied it on each reading).
    private static func appendDecimal(_ value: Int32, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var scale: UInt32 = 1
        while magnitude / scale >= 10 { scale *= 10 }
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude / scale))
            magnitude %= scale
            scale /= 10
        } while scale > 0
    }
}
