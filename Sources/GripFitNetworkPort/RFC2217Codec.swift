/// The client side of telnet with RFC 2217 COM port control, as pyserial's `rfc2217://` and
/// ser2net's `telnet(rfc2217)` accepter speak it. Pure: bytes in, data and replies out.
///
/// Opening offers and asks for BINARY and SUPPRESS-GO-AHEAD and offers COM-PORT-OPTION; once the
/// server agrees to COM-PORT-OPTION it sends the line settings: 115200 baud (never 1200, the nRF52
/// bootloader's touch rate), 8 data bits, no parity, 1 stop bit, DTR and RTS on so the bridge says
/// hello. Option requests are answered by the RFC 1143 rule (reply only to a change, refuse what
/// is not supported), so neither side loops. Subnegotiations from the server (its answers to the
/// settings, signatures, line and modem state) are nothing the host acts on: skipped unbuffered.
public struct RFC2217Codec: Sendable {
    static let iac: UInt8 = 255
    static let dont: UInt8 = 254
    static let `do`: UInt8 = 253
    static let wont: UInt8 = 252
    static let will: UInt8 = 251
    static let sb: UInt8 = 250
    static let se: UInt8 = 240

    static let binary: UInt8 = 0
    static let suppressGoAhead: UInt8 = 3
    static let comPortOption: UInt8 = 44

    /// RFC 2217 client-to-server commands (the server answers with the same code + 100).
    static let setBaudRate: UInt8 = 1
    static let setDataSize: UInt8 = 2
    static let setParity: UInt8 = 3
    static let setStopSize: UInt8 = 4
    static let setControl: UInt8 = 5
    static let parityNone: UInt8 = 1
    static let oneStopBit: UInt8 = 1
    static let dtrOn: UInt8 = 8
    static let rtsOn: UInt8 = 11

    /// The line speed the bridge runs at.
    public static let baudRate: UInt32 = 115_200

    /// Options this side will do (WILL), and options it wants the server to do (DO).
    static let localOptions: Set<UInt8> = [binary, suppressGoAhead, comPortOption]
    static let remoteOptions: Set<UInt8> = [binary, suppressGoAhead]

    private enum State: Sendable {
        case data
        case command
        case option(verb: UInt8)
        case subnegotiation
        case subnegotiationCommand
    }

    private var state = State.data
    private var localEnabled: Set<UInt8> = []
    private var localRequested: Set<UInt8> = []
    private var remoteEnabled: Set<UInt8> = []
    private var remoteRequested: Set<UInt8> = []
    /// Whether the server agreed to COM-PORT-OPTION and the line settings went out.
    public private(set) var portConfigured = false

    public init() {}

    /// The bytes that open the session: the option offers and requests.
    public mutating func opening() -> [UInt8] {
        var bytes: [UInt8] = []
        for option in [Self.binary, Self.suppressGoAhead, Self.comPortOption] {
            localRequested.insert(option)
            bytes += [Self.iac, Self.will, option]
        }
        for option in [Self.binary, Self.suppressGoAhead] {
            remoteRequested.insert(option)
            bytes += [Self.iac, Self.do, option]
        }
        return bytes
    }

    /// Data bytes escaped for the wire: every 0xFF doubled.
    public static func escape(_ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count)
        for byte in data {
            bytes.append(byte)
            if byte == iac { bytes.append(iac) }
        }
        return bytes
    }

    /// Splits what arrived into data for the framer and replies owed to the server.
    /// Commands split across reads are carried over to the next call.
    public mutating func decode(_ bytes: [UInt8]) -> (data: [UInt8], replies: [UInt8]) {
        var data: [UInt8] = []
        var replies: [UInt8] = []
        data.reserveCapacity(bytes.count)
        for byte in bytes {
            switch state {
            case .data:
                if byte == Self.iac { state = .command } else { data.append(byte) }
            case .command:
                switch byte {
                case Self.iac:
                    data.append(Self.iac)
                    state = .data
                case Self.will, Self.wont, Self.do, Self.dont:
                    state = .option(verb: byte)
                case Self.sb:
                    state = .subnegotiation
                default:
                    // NOP, GA, AYT, a stray SE…: nothing the host needs.
                    state = .data
                }
            case .option(let verb):
                replies += negotiate(verb: verb, option: byte)
                state = .data
            case .subnegotiation:
                // Skipped without keeping it, so no subnegotiation can grow a buffer.
                if byte == Self.iac { state = .subnegotiationCommand }
            case .subnegotiationCommand:
                switch byte {
                case Self.se:
                    // The server's answers to the settings (code + 100), signatures, line and
                    // modem state: nothing the host acts on.
                    state = .data
                case Self.iac:
                    state = .subnegotiation
                default:
                    // Not allowed inside SB; treat as the end, as telnet clients do, and go on.
                    state = .data
                }
            }
        }
        return (data, replies)
    }

    private mutating func negotiate(verb: UInt8, option: UInt8) -> [UInt8] {
        switch verb {
        case Self.do:
            guard Self.localOptions.contains(option) else { return [Self.iac, Self.wont, option] }
            let wasRequested = localRequested.remove(option) != nil
            guard localEnabled.insert(option).inserted else { return [] }
            var reply: [UInt8] = wasRequested ? [] : [Self.iac, Self.will, option]
            if option == Self.comPortOption { reply += configurePort() }
            return reply
        case Self.dont:
            localRequested.remove(option)
            guard localEnabled.remove(option) != nil else { return [] }
            return [Self.iac, Self.wont, option]
        case Self.will:
            guard Self.remoteOptions.contains(option) else { return [Self.iac, Self.dont, option] }
            let wasRequested = remoteRequested.remove(option) != nil
            guard remoteEnabled.insert(option).inserted else { return [] }
            return wasRequested ? [] : [Self.iac, Self.do, option]
        default:  // WONT
            remoteRequested.remove(option)
            guard remoteEnabled.remove(option) != nil else { return [] }
            return [Self.iac, Self.dont, option]
        }
    }

    /// SET-BAUDRATE, -DATASIZE, -PARITY, -STOPSIZE and -CONTROL (DTR on, RTS on), once.
    private mutating func configurePort() -> [UInt8] {
        guard !portConfigured else { return [] }
        portConfigured = true
        let rate = Self.baudRate
        let rateBytes = [UInt8(rate >> 24), UInt8((rate >> 16) & 0xFF), UInt8((rate >> 8) & 0xFF), UInt8(rate & 0xFF)]
        return Self.comPort(Self.setBaudRate, rateBytes)
            + Self.comPort(Self.setDataSize, [8])
            + Self.comPort(Self.setParity, [Self.parityNone])
            + Self.comPort(Self.setStopSize, [Self.oneStopBit])
            + Self.comPort(Self.setControl, [Self.dtrOn])
            + Self.comPort(Self.setControl, [Self.rtsOn])
    }

    static func comPort(_ command: UInt8, _ value: [UInt8]) -> [UInt8] {
        [iac, sb, comPortOption, command] + escape(value) + [iac, se]
    }
}
