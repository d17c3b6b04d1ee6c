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
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
        // A client without the token, or one sending more than is ever read, has nothing more to
        // ask on this connection: closing it frees its place (``ConnectionGuard``).
        if status == .unauthorized || status == .contentTooLarge { headers[.connection] = "close" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
