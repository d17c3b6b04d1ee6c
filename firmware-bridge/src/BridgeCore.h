#pragma once

#include <stddef.h>
#include <stdint.h>

#include "AdvertiserTable.h"
#include "Backoff.h"
#include "BleAddress.h"
#include "BridgeIo.h"
#include "HostCommand.h"
#include "LedMode.h"
#include "LineAssembler.h"
#include "LinkState.h"
#include "LinkTiming.h"
#include "TextLine.h"
#include "WriteOutcome.h"

/// All of the bridge's behaviour, free of Arduino: events in, `BridgeIo` calls out.
/// Time comes only from `begin`/`tick`, so tests drive every timeout and backoff with a fake clock;
/// every other event is stamped with the time of the latest tick. Not thread-safe: the glue calls it
/// from one task only.
class BridgeCore {
public:
    explicit BridgeCore(BridgeIo& io);

    /// Starts scanning. `pin` (may be null) is the address restored from flash.
    void begin(uint32_t nowMs, const BleAddress* pin);
    void tick(uint32_t nowMs);

    /// Host bytes from USB. Stops after a line that started a device write and returns how many
    /// bytes it consumed: offer the rest once `acceptsHostBytes()` is true again.
    size_t hostBytes(const uint8_t* data, size_t length);
    bool acceptsHostBytes() const { return !writeInFlight_; }
    void dtrRaised();

    /// Bytes of TX notifications, in order.
    void notifyBytes(const uint8_t* data, size_t length);
    /// `lostBytes` notification bytes went missing at this point of the stream (the queue's loss
    /// marker): the line they tore is dropped up to its `\n`, and the host is told.
    void notifyLost(uint32_t lostBytes);

    /// One advertising report or scan response; `name` may be empty.
    void advReport(const BleAddress& address, int32_t rssi, const char* name, size_t nameLength, bool hasNus);
    /// The link is up; `peer` is the address the radio reports for it.
    void connected(const BleAddress& peer);
    void discovered(bool ok);
    /// The result of the CCCD write that turns TX notifications on.
    void subscribed(WriteOutcome outcome);
    void disconnected(uint8_t hciReason);
    /// The result of the `CMD:` write to RX.
    void writeResult(WriteOutcome outcome);
    /// The link's connection parameters, at link-up and whenever they change.
    void linkTiming(const LinkTiming& timing);

    LinkState linkState() const;

private:
    enum class Phase : uint8_t {
        /// Waiting for `plan_` to fall due.
        Waiting,
        Scanning,
        /// Connection requested, link not yet up.
        Connecting,
        /// Link up, looking for NUS.
        Discovering,
        /// NUS found, waiting for the peer to confirm the CCCD write.
        Subscribing,
        Connected,
        /// Link drop requested; `plan_` runs once it is down.
        Releasing,
    };

    /// What to do next: scan, or connect to `address`, after `delayMs`.
    struct Plan {
        bool connect;
        BleAddress address;
        uint32_t delayMs;
    };

    void handleHostLine(const char* line, size_t length);
    void relayToDevice(const HostCommand& command);
    void hostScan();
    void hostDisconnect();
    void hostConnect(const BleAddress& address);
    void hostAuto(bool enabled);
    void hostPin(const HostCommand& command);

    void startScanning();
    void endScanWindow();
    void startConnecting(const BleAddress& address);
    void becomeConnected();
    void rejectPeer();
    /// Discovery and the CCCD write end alike: an answer to a step already left is ignored
    /// (false), a failed one rejects the peer (false); true only when `step` succeeded.
    bool stepSucceeded(Phase step, bool ok);
    void writeTimedOut();
    /// Drops a pending or established link (reported by the caller) and then follows `plan`.
    void releaseLink(const Plan& plan);
    void schedule(const Plan& plan);
    void follow(const Plan& plan);
    Plan afterLinkLoss();
    Plan scanNow() const;
    bool hasLink() const;
    bool pinAllows(const BleAddress& address) const;

    void enter(Phase phase);
    bool elapsed(uint32_t durationMs) const;
    void emit(const TextLine& line);

    BridgeIo& io_;
    Phase phase_;
    uint32_t nowMs_;
    uint32_t phaseStartMs_;
    Plan plan_;
    BleAddress target_;
    BleAddress pin_;
    bool hasPin_;
    bool autoConnect_;
    bool linkUp_;
    bool dropRequested_;
    bool writeInFlight_;
    uint32_t writeStartMs_;
    LinkTiming timing_;
    bool foundInWindow_;
    bool ledKnown_;
    LedMode led_;
    Backoff scanBackoff_;
    Backoff reconnectBackoff_;
    AdvertiserTable advertisers_;
    LineAssembler hostLine_;
    LineAssembler deviceLine_;
};
