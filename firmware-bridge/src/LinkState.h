#pragma once

#include <stdint.h>

/// The `<state>` of `B:STATUS` (PROTOCOL.md): what the host may expect next.
enum class LinkState : uint8_t {
    Idle,
    Scanning,
    Connecting,
    Connected,
};

/// The protocol's spelling of a state.
const char* linkStateName(LinkState state);
