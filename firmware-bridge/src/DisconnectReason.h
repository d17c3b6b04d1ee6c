#pragma once

#include <stdint.h>

/// The `<reason>` of `B:DISCONNECTED`: an HCI code from the radio, or one of the bridge's own causes.
class DisconnectReason {
public:
    enum class Kind : uint8_t {
        Hci,
        /// The connection was not established within the connection timeout, or a write to the
        /// device was never answered.
        Timeout,
        /// The host asked for it (`BRIDGE:DISCONNECT`, `BRIDGE:SCAN`, ...).
        Host,
    };

    static DisconnectReason hci(uint8_t code) { return DisconnectReason(Kind::Hci, code); }
    static DisconnectReason timeout() { return DisconnectReason(Kind::Timeout, 0); }
    static DisconnectReason host() { return DisconnectReason(Kind::Host, 0); }

    Kind kind() const { return kind_; }
    uint8_t hciCode() const { return hciCode_; }

private:
    DisconnectReason(Kind kind, uint8_t hciCode) : kind_(kind), hciCode_(hciCode) {}

    Kind kind_;
    uint8_t hciCode_;
};
