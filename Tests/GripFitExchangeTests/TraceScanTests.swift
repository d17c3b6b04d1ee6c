import GripFitCore
import Testing

@testable import GripFitExchange

/// ``TraceScan``: the form `export` writes is read straight from the bytes and the rest keeps every
/// other byte; anything outside that form is left to the decoder (`nil`), so its words stay the
/// decoder's and the importer's.
struct TraceScanTests {
    static func scan(_ text: String) -> TraceScan? { TraceScan(Array(text.utf8)) }

    @Test func exportsFormIsReadAndTheRestKeepsEveryOtherByte() throws {
        let text = #"{"label":"a \"trace\": [x]","trace":{"samples":[[0,1000],[100000,-5]],"gaps":[[5,9]]},"unit":"raw"}"#
        let scan = try #require(Self.scan(text))
        #expect(
            scan.trace
                == RawTrace(
                    samples: [RawSample(micros: 0, raw: 1000), RawSample(micros: 100_000, raw: -5)],
                    gaps: [TraceGap(startMicros: 5, endMicros: 9)]
                )
        )
        #expect(
            String(decoding: scan.rest, as: UTF8.self)
                == #"{"label":"a \"trace\": [x]","trace":{"samples":[],"gaps":[]},"unit":"raw"}"#
        )
    }

    @Test func whitespaceAndKeyOrderAreJSONs() throws {
        let scan = try #require(Self.scan("{ \"trace\" :\n { \"gaps\" : [ ] , \"samples\" : [ [ 1 , 2 ] ] } }"))
        #expect(scan.trace == RawTrace(samples: [RawSample(micros: 1, raw: 2)], gaps: []))
        #expect(String(decoding: scan.rest, as: UTF8.self) == #"{ "trace" :"# + "\n " + #"{"samples":[],"gaps":[]} }"#)
    }

    @Test(arguments: [
        #"{"trace":{"samples":[[1,2,3]],"gaps":[]}}"#,  // not a pair
        #"{"trace":{"samples":[[1]],"gaps":[]}}"#,
        #"{"trace":{"samples":[[1,2.0]],"gaps":[]}}"#,  // a fraction
        #"{"trace":{"samples":[[1,2e3]],"gaps":[]}}"#,  // an exponent
        #"{"trace":{"samples":[[1,01]],"gaps":[]}}"#,  // a leading zero is not JSON
        #"{"trace":{"samples":[[1,-0]],"gaps":[]}}"#,
        #"{"trace":{"samples":[[1,2147483648]],"gaps":[]}}"#,  // raw past Int32
        #"{"trace":{"samples":[[1234567890123456789,2]],"gaps":[]}}"#,  // 19 digits
        #"{"trace":{"samples":[[1,"2"]],"gaps":[]}}"#,
        #"{"trace":{"samples":[],"gaps":[],"more":1}}"#,
        #"{"trace":{"samples":[]}}"#,  // gaps missing
        #"{"trace":{"samples":[],"samples":[],"gaps":[]}}"#,
        #"{"trace":{"samples":[],"gaps":[]},"trace":{"samples":[],"gaps":[]}}"#,  // twice
        #"{"tr\u0061ce":{"samples":[],"gaps":[]}}"#,  // an escaped key
        #"{"label":"x"}"#,  // no trace
        #"{"trace":{"samples":[[1,2]],"gaps":[]}"#,  // cut short
        #"{"trace":{"samples":[[1,2],],"gaps":[]}}"#,
        #"[1]"#,
    ])
    func anythingElseIsLeftToTheDecoder(_ text: String) {
        #expect(Self.scan(text) == nil)
    }

    @Test func gapsMayHoldAnyWholeNumbers() throws {
        let scan = try #require(Self.scan(#"{"trace":{"samples":[],"gaps":[[-3,9999999999]]}}"#))
        #expect(scan.trace.gaps == [TraceGap(startMicros: -3, endMicros: 9_999_999_999)])
    }
}
