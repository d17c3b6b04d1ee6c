#pragma once

#include <stdint.h>

/// What the board's LED shows; the glue maps it to pins and blinking.
enum class LedMode : uint8_t {
    /// Scanning, connecting, or waiting to try again: blinking.
    Searching,
    /// NUS link up and notifications on: steady on.
    Connected,
};
