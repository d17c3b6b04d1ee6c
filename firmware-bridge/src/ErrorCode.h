#pragma once

#include <stdint.h>

/// The `<code>` of `B:ERROR,<code>` (PROTOCOL.md).
enum class ErrorCode : uint8_t {
    LineTooLong,
    WriteFailed,
    NotConnected,
    UnknownCommand,
    BadArgument,
};

/// The protocol's spelling of a code.
const char* errorCodeName(ErrorCode code);
