#include "../src/LinkTiming.h"
#include "TestHarness.h"

namespace {

LinkTiming timing(uint16_t intervalUnits, uint16_t latency, uint16_t supervisionUnits) {
    LinkTiming result;
    result.intervalUnits = intervalUnits;
    result.peripheralLatency = latency;
    result.supervisionUnits = supervisionUnits;
    return result;
}

}  // namespace

TEST(linkTimingNeverWaitsLessThanTheFloor) {
    CHECK_EQ(timing(6, 0, 100).responseWaitMs(), 250u);
    CHECK_EQ(LinkTiming::initial().responseWaitMs(), 250u);
}

TEST(linkTimingGrowsWithIntervalAndLatency) {
    // 100 ms, the peripheral listening in every 5th event: 500 ms per chance, six chances, 50 ms margin.
    CHECK_EQ(timing(80, 4, 600).responseWaitMs(), 3050u);
    // A 4 s interval is the slowest allowed: still below a 32 s supervision timeout.
    CHECK_EQ(timing(3200, 0, 3200).responseWaitMs(), 24050u);
    // 7.5 ms rounds up to 8 ms per event.
    CHECK_EQ(timing(6, 9, 400).responseWaitMs(), 530u);
}

TEST(linkTimingNeverWaitsLongerThanTheSupervisionTimeout) {
    CHECK_EQ(timing(320, 10, 600).responseWaitMs(), 6000u);
    CHECK_EQ(timing(3200, 0xFFFF, 3200).responseWaitMs(), 32000u);
}
