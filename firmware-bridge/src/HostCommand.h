#pragma once

#include <stddef.h>
#include <stdint.h>

#include "BleAddress.h"
#include "ErrorCode.h"

/// One classified host line (PROTOCOL.md, "Host → bridge"). Text fields point into the line that
/// was parsed and are valid only as long as it is.
struct HostCommand {
    enum class Kind : uint8_t {
        /// Blank, or the bridge's own `B:` output echoed back by a tty: answered with nothing.
        Ignored,
        /// `CMD:…`, relayed to the device; `text` is the whole line.
        Device,
        Info,
        Status,
        Scan,
        Disconnect,
        /// `address` is the peer to connect to.
        Connect,
        /// `enabled` is ON/OFF.
        Auto,
        /// `hasAddress` is false for NONE.
        Pin,
        /// Rejected: answer `B:ERROR,<error>` with `text` (if any) as the detail.
        Invalid,
    };

    HostCommand();

    Kind kind;
    ErrorCode error;
    const char* text;
    size_t textLength;
    BleAddress address;
    bool hasAddress;
    bool enabled;
};
