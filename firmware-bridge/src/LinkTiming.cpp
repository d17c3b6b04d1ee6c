#include "LinkTiming.h"

namespace {

/// 20 ms interval, 2 s supervision timeout.
const uint16_t kInitialIntervalUnits = 16;
const uint16_t kInitialSupervisionUnits = 200;

/// Connection events a request and its response may take: the request goes out in the first event
/// the peripheral listens in, the response comes one or two events later; the rest is headroom
/// for retransmissions.
const uint32_t kEventsPerResponse = 6;
const uint32_t kMarginMs = 50;
/// Below this a busy peripheral or radio would turn a slow answer into a false timeout.
const uint32_t kFloorMs = 250;

}  // namespace

LinkTiming LinkTiming::initial() {
    LinkTiming timing;
    timing.intervalUnits = kInitialIntervalUnits;
    timing.peripheralLatency = 0;
    timing.supervisionUnits = kInitialSupervisionUnits;
    return timing;
}

uint32_t LinkTiming::responseWaitMs() const {
    // 1.25 ms units, rounded up; at most 3200 * 5 / 4 = 4000 ms. Latency at most 65535: the
    // product stays below 2^32 (4000 * 65536 * 6 < 1.6e9).
    const uint32_t intervalMs = (static_cast<uint32_t>(intervalUnits) * 5 + 3) / 4;
    const uint32_t listeningEveryMs = intervalMs * (static_cast<uint32_t>(peripheralLatency) + 1);
    const uint32_t waitMs = listeningEveryMs * kEventsPerResponse + kMarginMs;
    const uint32_t ceilingMs = static_cast<uint32_t>(supervisionUnits) * 10;
    if (waitMs > ceilingMs) {
        return ceilingMs > kFloorMs ? ceilingMs : kFloorMs;
    }
    return waitMs < kFloorMs ? kFloorMs : waitMs;
}
