#pragma once

#include <stdint.h>

/// A doubling retry delay with a ceiling (first, 2×first, 4×first … max, max …).
class Backoff {
public:
    Backoff(uint32_t firstMs, uint32_t maxMs);

    /// The delay to wait now; the following call returns the next step.
    uint32_t next();
    /// Back to the first delay (after a success, or when the host asks for a fresh start).
    void reset();

private:
    uint32_t firstMs_;
    uint32_t maxMs_;
    uint32_t currentMs_;
};
