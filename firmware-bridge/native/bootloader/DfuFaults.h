#pragma once

#include <stdint.h>

/// What the fake bootloader does wrong, from `--fault <name>:<n>` arguments. `n` counts the
/// reliable packets the bootloader accepted or was about to accept, from 1 (the start packet;
/// 2 is the init packet, then the data packets, then the stop packet). 0 means not set.
struct DfuFaults {
    /// Packet n is discarded without an acknowledgement, as the bootloader discards a packet whose
    /// CRC does not match (once).
    uint32_t drop = 0;
    /// Packet n is answered with the acknowledgement number it already expected, as the bootloader
    /// answers a packet with the wrong sequence number: not accepted (once).
    uint32_t nak = 0;
    /// From packet n on, nothing is answered until the host closes the port; then the bootloader
    /// is back as after a replug (fresh, in DFU mode, the application area still erased).
    uint32_t silent = 0;
    /// On packet n, the process exits: the port vanishes as the USB device would.
    uint32_t vanish = 0;

    /// Parses `name:n`; false if the name is unknown or n is not a positive number.
    bool enable(const char* spec);

    static const char* const kNames;
};
