#pragma once

#include <stdint.h>

/// The connection parameters the peripheral and the radio settled on (they change whenever the
/// peripheral asks for others), and the wait for an ATT response that they allow.
struct LinkTiming {
    /// Connection interval in 1.25 ms units (6 ... 3200).
    uint16_t intervalUnits;
    /// Connection events the peripheral may sleep through.
    uint16_t peripheralLatency;
    /// Supervision timeout in 10 ms units: a link silent this long is dropped by the radio.
    uint16_t supervisionUnits;

    /// Used until the glue reports the real timing of a link: 20 ms, no latency, 2 s supervision.
    static LinkTiming initial();

    /// How long a write request may wait for its response: a few connection events the
    /// peripheral listens in, plus a margin, never less than a floor nor more than the
    /// supervision timeout (by then the radio drops a dead link anyway).
    uint32_t responseWaitMs() const;
};
