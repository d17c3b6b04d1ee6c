#pragma once

#include <stddef.h>
#include <stdint.h>

#include "src/BleAddress.h"
#include "src/LinkTiming.h"
#include "src/NotifyQueueWriter.h"

/// One thing the radio reported, copied into a queue for loop(): Bluefruit's callbacks and event
/// hook run in its own tasks, and BridgeCore must only be touched from the loop task.
struct BleEvent {
    /// Notification bytes and advertised names travel in chunks of this size.
    static const size_t kDataSize = NotifyQueueWriter::kChunkSize;

    enum Kind : uint8_t {
        Advert,
        LinkUp,
        LinkDown,
        /// The peripheral's connection parameters changed.
        Timing,
        Notify,
        /// `lostBytes` notification bytes are missing at this point of the stream.
        NotifyLost,
        /// A write response or ATT error for `attribute`; `status` is the SoftDevice's GATT status.
        WriteResponse,
    };

    Kind kind;
    bool hasNus;
    int8_t rssi;
    /// LinkDown: the HCI reason.
    uint8_t reason;
    uint8_t addressType;
    /// Bytes used in `data`.
    uint8_t length;
    uint16_t connHandle;
    uint16_t attribute;
    uint16_t status;
    uint32_t lostBytes;
    /// LinkUp, Timing.
    LinkTiming timing;
    /// Advert, LinkUp: the peer, most significant byte first as BleAddress keeps it.
    uint8_t address[BleAddress::kByteCount];
    /// Notify: payload chunk. Advert: the advertised name.
    uint8_t data[kDataSize];
};
