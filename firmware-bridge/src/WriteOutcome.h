#pragma once

#include <stdint.h>

/// How a write with response ended, as the radio reported it. A missing response is not an
/// outcome the radio reports: BridgeCore decides that from the link's timing (`LinkTiming`).
class WriteOutcome {
public:
    enum class Kind : uint8_t {
        /// The peer answered with a write response.
        Ok,
        /// The peer answered with an ATT error response; `code()` is the ATT error code.
        AttError,
        /// The radio refused to send the request (busy, link gone, ...); nothing reached the peer.
        NotSent,
    };

    static WriteOutcome ok() { return WriteOutcome(Kind::Ok, 0); }
    static WriteOutcome attError(uint8_t attCode) { return WriteOutcome(Kind::AttError, attCode); }
    static WriteOutcome notSent() { return WriteOutcome(Kind::NotSent, 0); }

    Kind kind() const { return kind_; }
    uint8_t code() const { return code_; }

private:
    WriteOutcome(Kind kind, uint8_t code) : kind_(kind), code_(code) {}

    Kind kind_;
    uint8_t code_;
};
