import Foundation
import GripFitCore
import GripFitOutput
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
        /// A ``GripProtocol``'s name: the guided protocol, with `trials` per hand and `rest` seconds
        /// between where it allows them to be chosen.
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

    /// `/api/protocols`: `{"protocols":[…]}`, each protocol's name, version, summary, defaults, which overrides it
    /// allows and its trials and rest ranges, in the order `record --help` lists them.
    static var protocols: String {
        var list = JSONObject()
        list.set(
            "protocols",
            GripProtocol.all.map { known in
                var item = JSONObject()
                item.set("name", known.name)
                item.set("label", known.label)
                item.set("version", known.version)
                item.set("title", known.title)
                item.set("summary", known.summary)
                item.set("trials_per_hand", known.trialsPerHand)
                // The picker's trials choice: each protocol's own range (twelve grips for intermittent).
                item.set("trials_min", known.trialsRange.lowerBound)
                item.set("trials_max", known.trialsRange.upperBound)
                item.set("practice_per_hand", known.practicePerHand)
                item.set("rest", known.restSeconds)
                item.set("rest_min", known.restRange.lowerBound)
                item.set("rest_max", known.restRange.upperBound)
                item.set("statistic", known.statistic.rawValue)
                item.set(
                    "overrides",
                    GripProtocol.Override.allCases.filter(known.overrides.contains).map { String($0.rawValue.dropFirst(2)) }
                )
                return item
            }
        )
        return list.text
    }

    /// Refuses trials, rest or hand where `protocol` fixes them, naming it, as `record` does.
    private static func checkOverrides(of protocol: GripProtocol, _ body: RecordStart) throws(DashboardError) {
        let given: [(GripProtocol.Override, Bool)] = [(.trials, body.trials != nil), (.rest, body.rest != nil), (.hand, body.hand != nil)]
        for (override, present) in given where present && !`protocol`.overrides.contains(override) {
            let field = override.rawValue.dropFirst(2)
            throw DashboardError(.badRequest, "\(field) is fixed by the \(`protocol`.name) protocol; leave \(field) out.")
        }
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
        // The protocols the page's picker offers: the same list `record --protocol` takes.
        router.get("/api/protocols") { _, _ in RouteIO.json(Self.protocols) }
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
            guard let chosen = GripProtocol.named(name) else {
                throw DashboardError(.badRequest, "Unknown protocol \"\(name)\"; the known ones are \(GripProtocol.names).")
            }
            try Self.checkOverrides(of: chosen, body)
            let trials = chosen.trialsRange
            if let count = body.trials, !(count.rounded() == count && Double(trials.lowerBound)...Double(trials.upperBound) ~= count) {
                throw DashboardError(
                    .badRequest,
                    "trials must be a whole number from \(trials.lowerBound) to "
                        + "\(trials.upperBound) (trials per hand)" + (chosen == .standard ? "." : " for the \(chosen.name) protocol.")
                )
            }
            let rest = chosen.restRange
            if let seconds = body.rest, !(rest ~= seconds) {
                throw DashboardError(
                    .badRequest,
                    "rest must be \(Int(rest.lowerBound)) to \(Int(rest.upperBound)) seconds between trials"
                        + (chosen == .standard ? "." : " for the \(chosen.name) protocol.")
                )
            }
            let (hand, label, trialsPerHand, restSeconds) = (body.hand, body.label, body.trials.map { Int($0) }, body.rest)
            return RouteIO.json(
                try await HistoryThread.run {
                    try session.startProtocol(
                        chosen,
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
