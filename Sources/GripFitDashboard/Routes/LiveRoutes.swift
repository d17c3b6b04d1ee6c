import Foundation
import GripFitCore
import GripFitRecords
import GripFitStore
import Hummingbird
import NIOCore

/// The live session: the event stream, status and the commands that change it.
enum LiveRoutes {
    struct Pin: Decodable {
        var address: String
    }

    struct RecordStart: Decodable {
        var hand: Hand?
        var label: String?
        /// "standard": the guided protocol, with `trials` per hand and `rest` seconds between.
        var protocolName: String?
        var trials: Double?
        var rest: Double?
        /// A subject's code, as `--subject` takes it.
        var subject: String?

        enum CodingKeys: String, CodingKey {
            case hand, label, trials, rest, subject
            case protocolName = "protocol"
        }
    }

    static func add<Context: EventLoopRequestContext>(
        to router: Router<Context>, backend: some DashboardBackend, publisher: EventPublisher
    ) {
        router.get("/api/events") { _, context -> Response in
            guard let subscription = publisher.subscribe() else {
                throw DashboardError(.serviceUnavailable, "Too many open dashboards; close one and reload.")
            }
            let loop = context.eventLoop
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    // No loop (a test's context): no preference, the default executor.
                    try await withTaskExecutorPreference(loop.map(EventLoopTaskExecutor.init)) {
                        try await stream(subscription, from: publisher, to: &writer)
                    }
                })
        }
        router.get("/api/status") { _, _ in json(backend.status()) }
        router.post("/api/tare") { _, _ in
            try backend.tare()
            return json(#"{"ok":true}"#, status: .accepted)
        }
        router.post("/api/peak/reset") { _, _ in
            backend.resetPeak()
            return json(#"{"ok":true}"#)
        }
        router.post("/api/record/start") { request, context in
            let body: RecordStart
            if request.headers[.contentType]?.hasPrefix("application/json") == true {
                body = try await decode(
                    request, as: RecordStart.self,
                    usage: DashboardError(
                        .badRequest,
                        "The body must be JSON like {\"hand\":\"left\",\"label\":\"visit 2\"} or {\"protocol\":\"standard\","
                            + "\"hand\":\"right\",\"trials\":3,\"rest\":30}; hand is left or right, trials and rest are numbers."))
            } else {
                body = RecordStart()
            }
            let subject = try HistoryRoutes.subject(body.subject)
            guard let name = body.protocolName else {
                if body.trials != nil || body.rest != nil {
                    throw DashboardError(.badRequest, "trials and rest apply to the guided protocol only; add \"protocol\":\"standard\".")
                }
                // Checks that the history can take the session (it may open it): blocking I/O, on the history's thread.
                let (hand, label) = (body.hand, body.label)
                return json(try await HistoryThread.run { try backend.startRecording(hand: hand, label: label, subject: subject) })
            }
            guard name == "standard" else {
                throw DashboardError(.badRequest, "Unknown protocol \"\(name)\"; the one protocol is \"standard\".")
            }
            let trials = GuidedProtocol.Settings.trialsPerHandRange
            if let count = body.trials, !(count.rounded() == count && Double(trials.lowerBound)...Double(trials.upperBound) ~= count) {
                throw DashboardError(.badRequest, "trials must be a whole number from \(trials.lowerBound) to "
                    + "\(trials.upperBound) (trials per hand).")
            }
            let rest = GuidedProtocol.Settings.restSecondsRange
            if let seconds = body.rest, !(rest ~= seconds) {
                throw DashboardError(
                    .badRequest, "rest must be \(Int(rest.lowerBound)) to \(Int(rest.upperBound)) seconds between trials.")
            }
            let (hand, label, trialsPerHand, restSeconds) = (body.hand, body.label, body.trials.map { Int($0) }, body.rest)
            return json(
                try await HistoryThread.run {
                    try backend.startProtocol(
                        firstHand: hand, label: label, trialsPerHand: trialsPerHand, restSeconds: restSeconds, subject: subject)
                })
        }
        // Stopping saves the session: blocking I/O, on the history's thread.
        router.post("/api/record/stop") { _, _ in json(try await HistoryThread.run { try backend.stopRecording() }) }
        router.get("/api/devices") { _, _ in json(backend.devices()) }
        router.post("/api/devices/scan") { _, _ in
            try backend.scan()
            return json(#"{"ok":true}"#, status: .accepted)
        }
        router.post("/api/devices/pin") { request, _ in
            let usage = DashboardError(.badRequest, "The body must be JSON like {\"address\":\"C0:FF:EE:00:00:01\"}, or \"any\".")
            let body = try await decode(request, as: Pin.self, usage: usage)
            // Pinning writes the pin file: blocking I/O, on the history's thread.
            if body.address.lowercased() == "any" {
                try await HistoryThread.run { try backend.pin(nil) }
            } else if let address = BLEAddress(body.address.uppercased()) {
                try await HistoryThread.run { try backend.pin(address) }
            } else {
                throw usage
            }
            return json(#"{"ok":true}"#, status: .accepted)
        }
    }

    /// The longest body a command takes (the page sends a label of at most 200 characters); more is not read.
    static let bodyLimit = 16 * 1024

    /// The request's JSON body as `T`: 413 past ``bodyLimit``, `usage` when it is not such JSON.
    static func decode<T: Decodable>(_ request: Request, as type: T.Type, usage: DashboardError) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: bodyLimit)
        } catch is NIOTooManyBytesError {
            throw DashboardError(
                .contentTooLarge, "The body is over \(bodyLimit / 1024) KB; a command's JSON is a line, such as {\"hand\":\"left\"}.")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw usage
        }
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Each batch of events in one write, as `data:` lines, until the stream or the connection ends.
    /// A wake-up with nothing waiting is the publisher's keep-alive: a comment line, which pages
    /// ignore, and whose failed write ends the stream of a page that has gone.
    private static func stream(
        _ subscription: EventPublisher.Subscription, from publisher: EventPublisher, to writer: inout any ResponseBodyWriter
    ) async throws {
        try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
        for await _ in subscription.signals {
            var buffer = ByteBuffer()
            for event in publisher.take(subscription) {
                buffer.writeString("data: ")
                buffer.writeString(event)
                buffer.writeString("\n\n")
            }
            if buffer.readableBytes == 0 { buffer.writeString(":\n\n") }
            try await writer.write(buffer)
        }
        try await writer.finish(nil)
    }

}
