import Foundation
import Glibc

/// A small HTTP/1.1 client over a plain socket, enough to talk to the dashboard from tests:
/// one request per connection, bodies with Content-Length or chunked, and an SSE reader.
struct HTTPTestClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    enum Failure: Error {
        case connect(Int32)
        case timeout
        case closed
        case malformed(String)
    }

    let port: Int

    func get(_ path: String, headers: [String: String] = [:]) throws -> Response {
        try request("GET", path, headers: headers)
    }

    func post(_ path: String, json: String = "{}", headers: [String: String] = [:]) throws -> Response {
        var all = ["Content-Type": "application/json", "Origin": "http://127.0.0.1:\(port)"]
        all.merge(headers) { $1 }
        return try request("POST", path, headers: all, body: json)
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String = "") throws -> Response {
        let connection = try Connection(port: port)
        try connection.send(method, path, headers: headers, body: body)
        let (status, responseHeaders) = try connection.readHead(before: Date() + 10)
        var data: [UInt8] = []
        if responseHeaders["transfer-encoding"] == "chunked" {
            while let chunk = try connection.readChunk(before: Date() + 10) { data += chunk }
        } else if let length = responseHeaders["content-length"].flatMap(Int.init) {
            data = try connection.read(count: length, before: Date() + 10)
        }
        return Response(status: status, headers: responseHeaders, body: String(decoding: data, as: UTF8.self))
    }

    /// Opens `/api/events` and hands every event's data to `onEvent` until it returns false or
    /// `seconds` pass; returns every data line received.
    @discardableResult
    func events(_ path: String = "/api/events", seconds: Double, onEvent: (String) -> Bool = { _ in true }) throws -> [String] {
        let connection = try Connection(port: port)
        try connection.send("GET", path, headers: ["Accept": "text/event-stream"], body: "")
        let deadline = Date() + seconds
        let (status, _) = try connection.readHead(before: deadline)
        guard status == 200 else { throw Failure.malformed("status \(status)") }
        var pending = ""
        var events: [String] = []
        while Date() < deadline {
            guard let chunk = try? connection.readChunk(before: deadline) else { break }
            pending += String(decoding: chunk, as: UTF8.self)
            while let end = pending.range(of: "\n\n") {
                let block = pending[..<end.lowerBound]
                pending = String(pending[end.upperBound...])
                for line in block.split(separator: "\n") where line.hasPrefix("data: ") {
                    let data = String(line.dropFirst(6))
                    events.append(data)
                    if !onEvent(data) { return events }
                }
            }
        }
        return events
    }

    final class Connection {
        let fd: Int32
        let port: Int
        private var buffer: [UInt8] = []

        init(port: Int) throws {
            self.port = port
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard result == 0 else {
                let code = errno
                close(fd)
                throw Failure.connect(code)
            }
        }

        deinit {
            close(fd)
        }

        func send(_ method: String, _ path: String, headers: [String: String], body: String) throws {
            var text = "\(method) \(path) HTTP/1.1\r\n"
            var all = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
            if !body.isEmpty || method == "POST" { all["Content-Length"] = String(body.utf8.count) }
            all.merge(headers) { $1 }
            for (name, value) in all { text += "\(name): \(value)\r\n" }
            text += "\r\n" + body
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { throw Failure.closed }
                sent += count
            }
        }

        func readHead(before deadline: Date) throws -> (Int, [String: String]) {
            let head = String(decoding: try readUntil(Array("\r\n\r\n".utf8), before: deadline), as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let parts = lines[0].split(separator: " ")
            guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure.malformed(lines[0]) }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { $0 + ", " + value } ?? value
            }
            return (status, headers)
        }

        /// One chunk of a chunked body; nil at the last chunk.
        func readChunk(before deadline: Date) throws -> [UInt8]? {
            let sizeLine = String(decoding: try readUntil(Array("\r\n".utf8), before: deadline), as: UTF8.self)
            guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else { throw Failure.malformed(sizeLine) }
            if size == 0 { return nil }
            let data = try read(count: size, before: deadline)
            _ = try read(count: 2, before: deadline)
            return data
        }

        func read(count: Int, before deadline: Date) throws -> [UInt8] {
            while buffer.count < count { try fill(before: deadline) }
            defer { buffer.removeFirst(count) }
            return Array(buffer.prefix(count))
        }

        private func readUntil(_ marker: [UInt8], before deadline: Date) throws -> [UInt8] {
            while true {
                if let range = firstRange(of: marker) {
                    let data = Array(buffer[..<range])
                    buffer.removeFirst(range + marker.count)
                    return data
                }
                try fill(before: deadline)
            }
        }

        private func firstRange(of marker: [UInt8]) -> Int? {
            guard buffer.count >= marker.count else { return nil }
            for start in 0...(buffer.count - marker.count) where Array(buffer[start..<(start + marker.count)]) == marker {
                return start
            }
            return nil
        }

        private func fill(before deadline: Date) throws {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { throw Failure.timeout }
            var chunk = [UInt8](repeating: 0, count: 8192)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { throw Failure.closed }
            buffer += chunk.prefix(count)
        }
    }
}
