#pragma once

#include <stddef.h>
#include <stdint.h>

#include "BleAddress.h"
#include "DisconnectReason.h"
#include "ErrorCode.h"
#include "LinkState.h"
#include "TextLine.h"

/// Formats the bridge's own `B:` lines (PROTOCOL.md, "Bridge → host"), without the `\n`.
/// One function per line type keeps the exact spelling in one place; protocol-vectors.tsv checks it.
class BridgeReport {
public:
    static TextLine bridge(const char* version);
    static TextLine scanning();
    static TextLine found(const BleAddress& address, int32_t rssi, const char* name, size_t nameLength);
    static TextLine connecting(const BleAddress& address);
    static TextLine connected(const BleAddress& address);
    static TextLine disconnected(const BleAddress& address, DisconnectReason reason);
    static TextLine notFound();
    static TextLine notRecognized(const BleAddress& address);
    /// `address` is printed for CONNECTING and CONNECTED only.
    static TextLine status(LinkState state, const BleAddress& address);
    static TextLine error(ErrorCode code);
    static TextLine error(ErrorCode code, const char* detail, size_t detailLength);
    /// `B:ERROR,WRITE_FAILED,0xNN`: the ATT error code the peer answered the write with.
    static TextLine writeFailed(uint8_t attCode);
    /// `B:ERROR,DATA_LOST,<count>`: how many notification bytes went missing.
    static TextLine dataLost(uint32_t lostBytes);
};
