#pragma once

#include <stdint.h>

/// Which radio faults the fake radio plays, parsed from `--fault` arguments. The timed ones take
/// turns, one every `periodMs` of streaming, so a long run meets each of them many times.
struct RadioFaults {
    /// Notifications the bridge cannot take: a held-back burst arrives while loop() is held off the CPU.
    bool lose = false;
    /// Notifications held back by lost connection events, then delivered back to back.
    bool burst = false;
    /// An RX write answered with an ATT error (0x03, write not permitted).
    bool writeFail = false;
    /// The link drops with the first part of a line delivered and the rest still at the peripheral.
    bool dropMidLine = false;
    /// Every other link's CCCD write is answered only after 2.5 s.
    bool slowCccd = false;
    /// The GripFit goes silent for 8 s: supervision timeout, no adverts, then back.
    bool outOfRange = false;
    /// Ten other advertisers around, some with NUS, one named like a GripFit but without NUS.
    bool crowd = false;
    uint32_t periodMs = 6000;

    /// Sets the fault named `name`; false if there is none of that name.
    bool enable(const char* name);
    /// The timed faults enabled, as a bit set in the order of `kTimedNames`.
    uint32_t timedMask() const;

    static const char* const kNames;
};
