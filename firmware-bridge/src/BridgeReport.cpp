#include "BridgeReport.h"

namespace {

TextLine withAddress(const char* prefix, const BleAddress& address) {
    TextLine line;
    line.append(prefix).appendAddress(address);
    return line;
}

}  // namespace

TextLine BridgeReport::bridge(const char* version) {
    TextLine line;
    line.append("B:BRIDGE,").append(version);
    return line;
}

TextLine BridgeReport::scanning() {
    TextLine line;
    line.append("B:SCANNING");
    return line;
}

TextLine BridgeReport::found(const BleAddress& address, int32_t rssi, const char* name, size_t nameLength) {
    TextLine line;
    line.append("B:FOUND,").appendAddress(address).append(',').appendDecimal(rssi).append(',');
    line.appendPrintable(name, nameLength);
    return line;
}

TextLine BridgeReport::connecting(const BleAddress& address) {
    return withAddress("B:CONNECTING,", address);
}

TextLine BridgeReport::connected(const BleAddress& address) {
    return withAddress("B:CONNECTED,", address);
}

TextLine BridgeReport::disconnected(const BleAddress& address, DisconnectReason reason) {
    TextLine line = withAddress("B:DISCONNECTED,", address);
    line.append(',');
    switch (reason.kind()) {
    case DisconnectReason::Kind::Hci:
        line.appendHexByte(reason.hciCode());
        break;
    case DisconnectReason::Kind::Timeout:
        line.append("TIMEOUT");
        break;
    case DisconnectReason::Kind::Host:
        line.append("HOST");
        break;
    }
    return line;
}

TextLine BridgeReport::notFound() {
    TextLine line;
    line.append("B:NOT_FOUND");
    return line;
}

TextLine BridgeReport::notRecognized(const BleAddress& address) {
    return withAddress("B:NOT_RECOGNIZED,", address);
}

TextLine BridgeReport::status(LinkState state, const BleAddress& address) {
    TextLine line;
    line.append("B:STATUS,").append(linkStateName(state));
    if (state == LinkState::Connecting || state == LinkState::Connected) {
        line.append(',').appendAddress(address);
    }
    return line;
}

TextLine BridgeReport::error(ErrorCode code) {
    TextLine line;
    line.append("B:ERROR,").append(errorCodeName(code));
    return line;
}

TextLine BridgeReport::error(ErrorCode code, const char* detail, size_t detailLength) {
    TextLine line = error(code);
    line.append(',').appendPrintable(detail, detailLength);
    return line;
}

TextLine BridgeReport::writeFailed(uint8_t attCode) {
    TextLine line = error(ErrorCode::WriteFailed);
    line.append(',').appendHexByte(attCode);
    return line;
}

TextLine BridgeReport::dataLost(uint32_t lostBytes) {
    // The writer saturates the count at INT32_MAX, so it prints as it is.
    TextLine line = error(ErrorCode::DataLost);
    line.append(',').appendDecimal(static_cast<int32_t>(lostBytes > 0x7FFFFFFFu ? 0x7FFFFFFFu : lostBytes));
    return line;
}
