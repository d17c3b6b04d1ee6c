import Foundation
import GripFitClinical
import Hummingbird
import NIOCore

/// What every route controller reads and writes the same way: a command's JSON body (bounded),
/// a subject's code from the page, and JSON answers.
enum RouteIO {
    /// The longest body a command takes (the page sends a label of at most 200 characters); more is not read.
    static let bodyLimit = 16 * 1024

    /// The report's policy: its inline style and data images, nothing else (no script, no fetch).
    static let reportPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"

    /// The request's JSON body as `T`: 413 past ``bodyLimit``, `usage` when it is not such JSON.
    static func decode<T: Decodable>(_ request: Request, as type: T.Type, usage: DashboardError) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: bodyLimit)
        } catch is NIOTooManyBytesError {
            throw DashboardError(
                .contentTooLarge,
                "The body is over \(bodyLimit / 1024) KB; a command's JSON is a line, such as {\"hand\":\"left\"}."
            )
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
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// A subject's code from the page, checked as `subject add` checks it; nil when not given.
    static func subject(_ text: String?) throws(DashboardError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        do {
            try Subject.check(code: text)
        } catch {
            throw DashboardError(.badRequest, SubjectForm.sentence(error.description))
        }
        return text
    }
}
