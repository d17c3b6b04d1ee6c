import Hummingbird

/// The page's files, compiled into the binary (`embedInCode`), so an installed binary serves the
/// dashboard with nothing beside it and no network.
struct PageFile: Sendable {
    let path: String
    let contentType: String
    let bytes: [UInt8]

    static let all = [
        PageFile(path: "/", contentType: "text/html; charset=utf-8", bytes: PackageResources.index_html),
        PageFile(path: "/dashboard.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.dashboard_css),
        PageFile(path: "/dashboard.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.dashboard_js),
    ]

    var response: Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
