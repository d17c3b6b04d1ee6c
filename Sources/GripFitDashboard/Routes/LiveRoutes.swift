import Foundation
import GripFitCore
import GripFitStore
import Hummingbird

/// The live session: the event stream, status and the commands that change it.
enum LiveRoutes {
    struct Pin: Decodable {
        var address: String
    }

    struct RecordStart: Decodable {
        var hand: Hand?
        var label: String?
    }

    static func add<Context: RequestContext>(to router: Router<Context>, backend: some DashboardBackend, publisher: EventPublisher) {
        router.get("/api/events") { _, _ -> Response in
            guard let stream = publisher.subscribe() else {
                throw DashboardError(.serviceUnavailable, "Too many open dashboards; close one and reload.")
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                    for await event in stream {
                        try await writer.write(ByteBuffer(string: "data: \(event)\n\n"))
                    }
                    try await writer.finish(nil)
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
                do {
                    body = try await request.decode(as: RecordStart.self, context: context)
                } catch {
                    throw DashboardError(.badRequest, "The body must be JSON like {\"hand\":\"left\",\"label\":\"visit 2\"}; hand is left or right.")
                }
            } else {
                body = RecordStart()
            }
            return json(try backend.startRecording(hand: body.hand, label: body.label))
        }
        router.post("/api/record/stop") { _, _ in json(try backend.stopRecording()) }
        router.get("/api/devices") { _, _ in json(backend.devices()) }
        router.post("/api/devices/scan") { _, _ in
            try backend.scan()
            return json(#"{"ok":true}"#, status: .accepted)
        }
        router.post("/api/devices/pin") { request, context in
            let usage = DashboardError(.badRequest, "The body must be JSON like {\"address\":\"C0:FF:EE:00:00:01\"}, or \"any\".")
            guard let body = try? await request.decode(as: Pin.self, context: context) else { throw usage }
            if body.address.lowercased() == "any" {
                try backend.pin(nil)
            } else if let address = BLEAddress(body.address.uppercased()) {
                try backend.pin(address)
            } else {
                throw usage
            }
            return json(#"{"ok":true}"#, status: .accepted)
        }
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
