#pragma once

#include <stdint.h>

/// The `<code>` of `B:ERROR,<code>` (PROTOCOL.md).
enum class ErrorCode : uint8_t {
    LineTooLong,
    /// The device answered the `CMD:` write with an ATT error, or the radio refused to send it.
    WriteFailed,
    /// No write response within the wait the connection's timing allows; the link is dropped.
    WriteTimeout,
    /// Notification bytes found no room on their way to USB; the lines they touched are dropped.
    DataLost,
    NotConnected,
    UnknownCommand,
    BadArgument,
};

/// The protocol's spelling of a code.
const char* errorCodeName(ErrorCode code);
