import Foundation

@testable import GripFitCore

/// firmware-bridge/protocol-vectors.tsv, the bridge protocol's shared test vectors.
struct ProtocolVectors {
    struct Vector {
        var direction: String
        var line: String
        var meaning: String
        var fields: [String]

        struct Mismatch: Error, CustomStringConvertible {
            var description: String
        }

        func address(_ index: Int) throws -> BLEAddress {
            guard let address = BLEAddress(fields[index]) else { throw Mismatch(description: "bad address in \(line)") }
            return address
        }

        func bridgeEvent() throws -> BridgeEvent {
            switch meaning {
            case "bridge": return .hello(version: fields[0])
            case "scanning": return .scanning
            case "found": return .found(address: try address(0), rssi: Int(fields[1]) ?? 0, name: fields[2])
            case "connecting": return .connecting(try address(0))
            case "connected": return .connected(try address(0))
            case "disconnected": return .disconnected(try address(0), reason: fields[1])
            case "not-found": return .notFound
            case "not-recognized": return .notRecognized(try address(0))
            case "status":
                guard let state = BridgeLinkState(rawValue: fields[0]) else { throw Mismatch(description: line) }
                return .status(state, fields.count > 1 ? try address(1) : nil)
            case "error":
                guard let code = BridgeErrorCode(rawValue: fields[0]) else { throw Mismatch(description: line) }
                return .error(code, detail: fields.count > 1 ? fields[1] : nil)
            default: throw Mismatch(description: "unknown meaning \(meaning)")
            }
        }

        func command() throws -> Command {
            switch meaning {
            case "device":
                switch fields[0] {
                case "CMD:PING": return .device(.ping)
                case "CMD:TARE": return .device(.tare)
                case "CMD:INFO": return .device(.info)
                default:
                    guard fields[0].hasPrefix("CMD:RATE:"), let ms = Int(fields[0].dropFirst(9)) else {
                        throw Mismatch(description: line)
                    }
                    return .device(.rate(try SampleRate(milliseconds: ms)))
                }
            case "info": return .bridge(.info)
            case "status": return .bridge(.status)
            case "scan": return .bridge(.scan)
            case "disconnect": return .bridge(.disconnect)
            case "connect": return .bridge(.connect(try address(0)))
            case "auto": return .bridge(.autoConnect(fields[0] == "ON"))
            case "pin": return .bridge(.pin(fields[0] == "NONE" ? nil : try address(0)))
            default: throw Mismatch(description: "unknown meaning \(meaning)")
            }
        }
    }

    static var url: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("firmware-bridge/protocol-vectors.tsv")
    }

    static func load() throws -> [Vector] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").compactMap { row in
            guard !row.hasPrefix("#") else { return nil }
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 3 else { return nil }
            return Vector(direction: columns[0], line: columns[1], meaning: columns[2], fields: Array(columns.dropFirst(3)))
        }
    }
}
