#include "Backoff.h"

Backoff::Backoff(uint32_t firstMs, uint32_t maxMs) : firstMs_(firstMs), maxMs_(maxMs), currentMs_(firstMs) {}

uint32_t Backoff::next() {
    const uint32_t delayMs = currentMs_;
    currentMs_ = currentMs_ > maxMs_ / 2 ? maxMs_ : currentMs_ * 2;
    return delayMs < maxMs_ ? delayMs : maxMs_;
}

void Backoff::reset() {
    currentMs_ = firstMs_;
}
