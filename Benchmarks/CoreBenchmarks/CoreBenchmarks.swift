import Benchmark
import GripFitCore

/// The core alone, as LinkDriver runs it: a flood of readings read in 4 KB chunks (so lines
/// also split across reads), framed in place and parsed from bytes. One iteration is one million
/// lines, so `throughput` is millions of lines per second and `mallocCountTotal` is per million.
let benchmarks: @Sendable () -> Void = {
    let lineCount = 1_000_000
    let chunkSize = 4096
    var stream: [UInt8] = []
    for index in 0..<lineCount {
        stream += Array("R:\(834_572 + index % 1000)\n".utf8)
    }
    let expectedSum = (0..<lineCount).reduce(0) { $0 + 834_572 + $1 % 1000 }

    Benchmark(
        "LineFramer + MessageParser, R:<6 digits>, 4 KB reads",
        configuration: .init(
            metrics: [.cpuTotal, .wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
            scalingFactor: .mega,
            maxDuration: .seconds(10),
            maxIterations: 20
        )
    ) { benchmark in
        var framer = LineFramer()
        var readings = 0
        var sum = 0
        stream.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunkSize)
                framer.frame(UnsafeBufferPointer(rebasing: bytes[start..<end])) { frame in
                    guard case .line(let line) = frame, case .success(.reading(let value)) = MessageParser.parse(line)
                    else { fatalError("the stream holds only readings") }
                    readings += 1
                    sum += Int(value)
                }
                start = end
            }
        }
        // Every reading arrived once, with its value: nothing was optimised away or lost.
        precondition(readings == lineCount && sum == expectedSum, "\(readings) readings, sum \(sum)")
        blackHole(sum)
    }
}
