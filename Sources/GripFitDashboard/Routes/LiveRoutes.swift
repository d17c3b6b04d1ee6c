import Foundation
import GripFitCore
import GripFitRecords
import GripFitStore
import Hummingbird
import NIOCore

/// The live session: the event stream, status and the commands that change it. A controller built
/// with its own dependencies: the session behind the page and the publisher of its events.
public struct LiveRoutes<Session: LiveControl>: Sendable {
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

    let session: Session
    let publisher: EventPublisher

    public init(session: Session, publisher: EventPublisher) {
        self.session = session
        self.publisher = publisher
    }

    public func addRoutes<Context: EventLoopRequestContext>(to router: Router<Context>) {
        let (session, publisher) = (session, publisher)
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
                        try await Self.stream(subscription, from: publisher, to: &writer)
                    }
                }
            )
        }
        router.get("/api/status") { _, _ in RouteIO.json(session.status()) }
        router.post("/api/tare") { _, _ in
            try session.tare()
            return RouteIO.json(#"{"ok":true}"#, status: .accepted)
        }
        router.post("/api/peak/reset") { _, _ in
            session.resetPeak()
            return RouteIO.json(#"{"ok":true}"#)
        }
        router.post("/api/record/start") { request, context in
            let body: RecordStart
            if request.headers[.contentType]?.hasPrefix("application/json") == true {
                body = try await RouteIO.decode(
                    request,
                    as: RecordStart.self,
                    usage: DashboardError(
                        .badRequest,
                        "The body must be JSON like {\"hand\":\"left\",\"label\":\"visit 2\"} or {\"protocol\":\"standard\","
                            + "\"hand\":\"right\",\"trials\":3,\"rest\":30}; hand is left or right, trials and rest are numbers."
                    )
                )
            } else {
                body = RecordStart()
            }
            let subject = try RouteIO.subject(body.subject)
            guard let name = body.protocolName else {
                if body.trials != nil || body.rest != nil {
                    throw DashboardError(.badRequest, "trials and rest apply to the guided protocol only; add \"protocol\":\"standard\".")
                }
                // Checks that the history can take the session (it may open it): blocking I/O, on the history's thread.
                let (hand, label) = (body.hand, body.label)
                return RouteIO.json(try await HistoryThread.run { try session.startRecording(hand: hand, label: label, subject: subject) })
            }
            guard name == "standard" else {
                throw DashboardError(.badRequest, "Unknown protocol \"\(name)\"; the one protocol is \"standard\".")
            }
            let trials = GuidedProtocol.Settings.trialsPerHandRange
            if let count = body.trials, !(count.rounded() == count && Double(trials.lowerBound)...Double(trials.upperBound) ~= count) {
                throw DashboardError(
                    .badRequest,
                    "trials must be a whole number from \(trials.lowerBound) to "
                        + "\(trials.upperBound) (trials per hand)."
                )
            }
            let rest = GuidedProtocol.Settings.restSecondsRange
            if let seconds = body.rest, !(rest ~= seconds) {
                throw DashboardError(
                    .badRequest,
                    "rest must be \(Int(rest.lowerBound)) to \(Int(rest.upperBound)) seconds between trials."
                )
            }
            let (hand, label, trialsPerHand, restSeconds) = (body.hand, body.label, body.trials.map { Int($0) }, body.rest)
            return RouteIO.json(
                try await HistoryThread.run {
                    try session.startProtocol(
                        firstHand: hand,
                        label: label,
                        trialsPerHand: trialsPerHand,
                        restSeconds: restSeconds,
                        subject: subject
                    )
                }
            )
        }
        // Stopping saves the session: blocking I/O, on the history's thread.
        router.post("/api/record/stop") { _, _ in RouteIO.json(try await HistoryThread.run { try session.stopRecording() }) }
        router.get("/api/devices") { _, _ in RouteIO.json(session.devices()) }
        router.post("/api/devices/scan") { _, _ in
            try session.scan()
            return RouteIO.json(#"{"ok":true}"#, status: .accepted)
        }
        router.post("/api/devices/pin") { request, _ in
            let usage = DashboardError(.badRequest, "The body must be JSON like {\"address\":\"C0:FF:EE:00:00:01\"}, or \"any\".")
            let body = try await RouteIO.decode(request, as: Pin.self, usage: usage)
            // Pinning writes the pin file: blocking I/O, on the history's thread.
            if body.address.lowercased() == "any" {
                try await HistoryThread.run { try session.pin(nil) }
            } else if let address = BLEAddress(body.address.uppercased()) {
                try await HistoryThread.run { try session.pin(address) }
            } else {
                throw usage
            }
            return RouteIO.json(#"{"ok":true}"#, status: .accepted)
        }
    }

    /// Each batch of events in one write, as `data:` lines, until the stream or the connection ends.
    /// A wake-up with nothing waiting is the publisher's keep-alive: a comment line, which pages
    /// ignore, and whose failed write ends the stream of a page that has gone.
    private static func stream(
        _ subscription: EventPublisher.Subscription,
        from publisher: EventPublisher,
        to writer: inout any ResponseBodyWriter
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
