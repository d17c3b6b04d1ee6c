import Hummingbird

/// A request the dashboard cannot serve, with the HTTP status and a sentence the page shows as
/// it is (plain text: the page inserts it with `textContent`).
public struct DashboardError: Error, Equatable, HTTPResponseError {
    public let status: HTTPResponse.Status
    public let message: String

    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
