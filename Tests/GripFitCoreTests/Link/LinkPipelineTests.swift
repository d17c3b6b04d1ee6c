import Testing

@testable import GripFitCore

/// The pipeline the driver and the fuzzer share: bytes in any split give the inputs the `String`
/// parser defines, and an input may be fed to the machine while the chunk is still being framed.
@Suite struct LinkPipelineTests {
    /// Every input `chunks` make, fed one chunk at a time.
    func inputs(_ pipeline: LinkPipeline, _ chunks: [String]) -> [LinkInput] {
        var inputs: [LinkInput] = []
        for chunk in chunks {
            Array(chunk.utf8).withUnsafeBufferPointer { pipeline.receive($0) { inputs.append($0) } }
        }
        return inputs
    }

    @Test func linesSplitAnywhereGiveWhatTheStringParserGives() {
        let lines = ["R:834572", "R:-12", "S:READY", "R:2147483648", "R:12a", "B:SCANNING", "D:GRIPFIT,1.0", "garbage"]
        let expected = lines.map { line -> LinkInput in
            switch MessageParser.parse(line) {
            case .success(let message): .message(message)
            case .failure(let error): .malformed(error)
            }
        }
        let stream = lines.map { $0 + "\r\n" }.joined()
        for split in 1...stream.utf8.count {
            let bytes = Array(stream.utf8)
            let chunks = stride(from: 0, to: bytes.count, by: split).map {
                String(decoding: bytes[$0..<min(bytes.count, $0 + split)], as: UTF8.self)
            }
            #expect(inputs(LinkPipeline(), chunks) == expected, "split every \(split) bytes")
        }
    }

    @Test func aFramingErrorIsAnInput() {
        let pipeline = LinkPipeline(framer: LineFramer(maximumLineLength: 4))
        #expect(inputs(pipeline, ["R:123456\nR:1\n"]) == [.framing(.lineTooLong(head: Array("R:12".utf8))), .message(.reading(1))])
    }

    @Test func resetFramingForgetsAPartialLine() {
        let pipeline = LinkPipeline()
        #expect(inputs(pipeline, ["R:12"]).isEmpty)
        pipeline.resetFraming()
        #expect(inputs(pipeline, ["34\nR:5\n"]) == [.message(.unknown("34")), .message(.reading(5))])
    }

    @Test func inputsFeedTheMachineWhileTheChunkIsFramed() {
        let pipeline = LinkPipeline()
        var actions: [LinkAction] = []
        pipeline.handle(.start, now: .zero, into: &actions)
        pipeline.handle(.portOpened, now: .zero, into: &actions)
        actions.removeAll()
        var states: [LinkState] = []
        Array("R:7\nR:8\n".utf8).withUnsafeBufferPointer { bytes in
            pipeline.receive(bytes) { input in
                pipeline.handle(input, now: .zero, into: &actions)
                states.append(pipeline.machine.state)
            }
        }
        #expect(states == [.connected, .connected])
        #expect(actions.contains(.report(.message(.reading(7)))))
        #expect(actions.contains(.report(.message(.reading(8)))))
    }
}
