#pragma once

#include <stddef.h>

#include "HostCommand.h"

/// Classifies one host line (without `\n`; a trailing `\r` is ignored). Only `CMD:` lines may reach
/// the device, so a tty that echoes cannot talk to it; everything unknown is rejected, never guessed.
class CommandParser {
public:
    static HostCommand parse(const char* line, size_t length);
};
