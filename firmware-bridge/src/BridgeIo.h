#pragma once

#include <stddef.h>

#include "BleAddress.h"
#include "LedMode.h"

/// What BridgeCore asks of the hardware. The glue implements it; tests record it.
/// Every call returns at once: results come back to the core as events (`connected`,
/// `discovered`, `writeResult`, ...), never from inside these calls.
class BridgeIo {
public:
    virtual void startScan() = 0;
    virtual void stopScan() = 0;
    /// Connect to this peer; answer with `BridgeCore::connected(peer)` when the link is up.
    virtual void connect(const BleAddress& address) = 0;
    /// Cancel a pending connection or drop the link; a dropped link still reports `disconnected`.
    virtual void disconnect() = 0;
    /// Find NUS with its TX and RX characteristics and TX's CCCD; answer with
    /// `BridgeCore::discovered(ok)`.
    virtual void discover() = 0;
    /// Write the CCCD that turns TX notifications on, with response; answer with
    /// `BridgeCore::subscribed(outcome)`.
    virtual void subscribe() = 0;
    /// Write these bytes (one `CMD:` line with its `\n`) to RX with response; answer with
    /// `BridgeCore::writeResult(outcome)` when the peer answers. At most one write is outstanding;
    /// the core decides when an answer is overdue.
    virtual void writeRx(const char* data, size_t length) = 0;
    /// Write one whole line, `\n` included, to USB: all of it or nothing.
    virtual void usbWrite(const char* data, size_t length) = 0;
    /// Keep this address across power cycles; null forgets the pin.
    virtual void savePin(const BleAddress* pin) = 0;
    virtual void setLed(LedMode mode) = 0;

protected:
    ~BridgeIo() {}
};
