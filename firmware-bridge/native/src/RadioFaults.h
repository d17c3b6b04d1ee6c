#pragma once

#include <stdint.h>

/// Which radio faults the fake radio plays, from `--fault` arguments. The timed ones take turns,
/// one every `periodMs` of streaming, so a long run meets each of them many times.
struct RadioFaults {
    enum Timed : uint8_t {
        /// Notifications the bridge cannot take: a held-back burst arrives while loop() is off the CPU.
        Lose,
        /// Notifications held back by lost connection events, then delivered back to back.
        Burst,
        /// The next RX write answered with an ATT error (0x03, write not permitted).
        WriteFail,
        /// The link drops with the first part of a line delivered and the rest still at the peripheral.
        DropMidLine,
        /// The GripFit silent for 8 s: supervision timeout, no adverts, then back.
        OutOfRange,
        kTimedCount,
    };

    bool timed[kTimedCount] = {};
    /// Every other link's CCCD write answered only after 2.5 s.
    bool slowCccd = false;
    /// Ten other advertisers around, some with NUS, one named like a GripFit but without NUS.
    bool crowd = false;
    uint32_t periodMs = 6000;

    /// Sets the fault named `name` (`all` for every one); false if there is none of that name.
    bool enable(const char* name);
    bool anyTimed() const;

    static const char* const kNames;
};
