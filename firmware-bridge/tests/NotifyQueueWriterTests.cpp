#include <map>
#include <string>
#include <vector>

#include "../src/NotifyQueueWriter.h"
#include "Bench.h"
#include "FakeNotifyQueue.h"
#include "TestHarness.h"

namespace {

const uint8_t kGripBytes[BleAddress::kByteCount] = {0xC0, 0xFF, 0xEE, 0x12, 0x34, 0x56};
/// The glue's queue depth.
const size_t kQueueDepth = 32;

void write(NotifyQueueWriter& writer, const std::string& bytes) {
    writer.write(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

/// The queue's items in order: the bytes of a chunk, or `<lost n>`.
std::vector<std::string> drain(FakeNotifyQueue& queue) {
    std::vector<std::string> out;
    for (const FakeNotifyQueue::Item& item : queue.items) {
        out.push_back(item.bytes.empty() ? "<lost " + std::to_string(item.lostBytes) + ">" : item.bytes);
    }
    queue.items.clear();
    return out;
}

/// A deterministic generator, so a failing run can be replayed.
struct Random {
    uint32_t state;
    uint32_t next(uint32_t bound) {
        state = state * 1103515245u + 12345u;
        return (state >> 8) % bound;
    }
};

}  // namespace

TEST(notifyWriterSplitsIntoChunks) {
    FakeNotifyQueue queue(kQueueDepth);
    NotifyQueueWriter writer(queue);
    write(writer, std::string(40, 'x'));
    CHECK_EQ(drain(queue), (Log{std::string(32, 'x'), std::string(8, 'x')}));
}

TEST(notifyWriterQueuesTheLossWhereItHappened) {
    FakeNotifyQueue queue(8);
    NotifyQueueWriter writer(queue);
    // Five chunks fit (three slots stay free), the sixth is lost and its marker queued at once.
    for (int i = 0; i < 6; ++i) {
        write(writer, "R:" + std::to_string(i) + "\n");
    }
    CHECK_EQ(drain(queue), (Log{"R:0\n", "R:1\n", "R:2\n", "R:3\n", "R:4\n", "<lost 4>"}));
    write(writer, "R:6\n");
    CHECK_EQ(drain(queue), (Log{"R:6\n"}));
}

TEST(notifyWriterReportsAPushTheQueueRefused) {
    FakeNotifyQueue queue(8);
    NotifyQueueWriter writer(queue);
    write(writer, "R:0\n");
    queue.refuseNext();
    write(writer, "R:1\n");
    write(writer, "R:2\n");
    CHECK_EQ(drain(queue), (Log{"R:0\n", "<lost 4>", "R:2\n"}));
}

TEST(notifyWriterHoldsLaterChunksUntilTheMarkerFits) {
    FakeNotifyQueue queue(6);
    NotifyQueueWriter writer(queue);
    for (int i = 0; i < 5; ++i) {
        write(writer, "R:" + std::to_string(i) + "\n");
    }
    // R:3 lost and marked; R:4 lost with no room for its marker.
    CHECK_EQ(writer.unreportedLoss(), 4u);
    for (int i = 0; i < 3; ++i) {
        queue.items.pop_front();
    }
    write(writer, "R:5\n");
    CHECK_EQ(drain(queue), (Log{"<lost 4>", "<lost 4>", "R:5\n"}));
    CHECK_EQ(writer.unreportedLoss(), 0u);
}

TEST(notifyWriterNeverTakesTheSlotsLeftForLinkEvents) {
    FakeNotifyQueue queue(kQueueDepth);
    NotifyQueueWriter writer(queue);
    for (int i = 0; i < 100; ++i) {
        write(writer, "R:1\n");
    }
    CHECK_EQ(queue.freeSlots(), NotifyQueueWriter::kLeftByMarkers);
    CHECK_EQ(queue.items.back().lostBytes, 4u);
    CHECK_EQ(writer.unreportedLoss(), 4u * (100 - 1 - (kQueueDepth - NotifyQueueWriter::kLeftByChunks)));
}

namespace {

/// What the bridge wrote to USB in one run, and what the device sent.
struct Run {
    std::vector<std::string> sent;
    Log usb;
    uint32_t offeredBytes = 0;
    uint32_t queuedBytes = 0;
};

/// A GripFit streaming at 50 Hz through a queue that loop() drains irregularly, with `CMD:` lines
/// pipelined from the host and answered by the device, and now and then a push refused.
Run streamWithLoss(uint32_t seed) {
    const uint32_t kRunMs = 20000;
    const uint32_t kReadingEveryMs = 20;
    const uint32_t kConnectionEventMs = 8;
    const size_t kPayload = 20;
    const std::string commands[] = {"CMD:PING\n", "CMD:TARE\n", "CMD:RATE:20\n", "CMD:INFO\n"};
    const std::string replies[] = {"S:PONG", "S:TARED", "S:RATE:20", "D:GRIPFIT,1.0"};

    Random random{seed};
    Run run;
    Bench bench;
    bench.begin();
    bench.connectTo(BleAddress(kGripBytes));
    FakeNotifyQueue queue(kQueueDepth);
    NotifyQueueWriter writer(queue);
    std::string deviceOut;
    std::string hostOut;
    uint32_t loopBlockedUntil = 0;
    bool answerPending = false;
    uint32_t answerAt = 0;
    size_t command = 0;

    const auto deliver = [&]() {
        while (!queue.items.empty()) {
            const FakeNotifyQueue::Item item = queue.items.front();
            queue.items.pop_front();
            if (item.bytes.empty()) {
                bench.core.notifyLost(item.lostBytes);
            } else {
                run.queuedBytes += static_cast<uint32_t>(item.bytes.size());
                bench.notify(item.bytes);
            }
        }
    };
    const auto collect = [&](uint32_t now) {
        for (const std::string& entry : bench.take()) {
            if (entry.compare(0, 6, "write ") == 0) {
                answerPending = true;
                answerAt = now + 10 + random.next(60);
                for (size_t i = 0; i < 4; ++i) {
                    if (entry.substr(6) == commands[i]) {
                        command = i;
                    }
                }
            } else {
                run.usb.push_back(entry);
            }
        }
    };

    for (uint32_t now = 1; now <= kRunMs; ++now) {
        bench.nowMs = now;
        bench.core.tick(now);
        if (now % kReadingEveryMs == 0) {
            // Distinct values of varying width, so that a splice cannot pass for a sent line.
            const int32_t value = static_cast<int32_t>((now * 7919u) % 1000003u) - 500000;
            run.sent.push_back("R:" + std::to_string(value));
            deviceOut += run.sent.back() + "\n";
        }
        if (now % kConnectionEventMs == 0) {
            for (uint32_t n = random.next(4); n > 0 && !deviceOut.empty(); --n) {
                const std::string chunk = deviceOut.substr(0, kPayload);
                deviceOut.erase(0, chunk.size());
                if (random.next(50) == 0) {
                    queue.refuseNext();
                }
                run.offeredBytes += static_cast<uint32_t>(chunk.size());
                write(writer, chunk);
            }
        }
        // loop() is now and then blocked for a while (discovery, a stalled USB host).
        if (now >= loopBlockedUntil && random.next(400) == 0) {
            loopBlockedUntil = now + 50 + random.next(700);
        }
        if (now >= loopBlockedUntil) {
            deliver();
            if (hostOut.empty()) {
                hostOut = commands[random.next(4)] + commands[random.next(4)];
            }
            if (bench.core.acceptsHostBytes()) {
                hostOut.erase(0, bench.host(hostOut));
            }
        }
        collect(now);
        if (answerPending && now >= answerAt) {
            answerPending = false;
            if (random.next(10) == 0) {
                bench.core.writeResult(WriteOutcome::attError(0x0E));
            } else {
                bench.core.writeResult(WriteOutcome::ok());
                run.sent.push_back(replies[command]);
                deviceOut += run.sent.back() + "\n";
            }
            collect(now);
        }
    }
    // The stream ends: whatever is still queued arrives, and a loss not yet reported is.
    deliver();
    write(writer, "");
    deliver();
    collect(kRunMs);
    return run;
}

}  // namespace

/// Whatever is dropped, every device line the bridge relays is one the device sent; readings
/// come in the order sent, and any reading skipped is announced by `B:ERROR,DATA_LOST` before the
/// next relayed one. The counts add up to the bytes dropped.
TEST(notifyLossNeverSplicesLines) {
    const std::string kLostPrefix = "B:ERROR,DATA_LOST,";
    uint32_t runsWithLoss = 0;
    for (uint32_t seed = 1; seed <= 6; ++seed) {
        const Run run = streamWithLoss(seed);
        std::map<std::string, size_t> indexOf;
        for (size_t i = 0; i < run.sent.size(); ++i) {
            indexOf[run.sent[i]] = i;
        }
        uint32_t reported = 0;
        bool announced = false;
        size_t nextReading = 0;
        size_t relayedReadings = 0;
        for (const std::string& line : run.usb) {
            if (line.compare(0, kLostPrefix.size(), kLostPrefix) == 0) {
                reported += static_cast<uint32_t>(std::stoul(line.substr(kLostPrefix.size())));
                announced = true;
                continue;
            }
            if (line.compare(0, 2, "B:") == 0) {
                CHECK(line.compare(0, 21, "B:ERROR,WRITE_FAILED,") == 0);
                continue;
            }
            if (indexOf.count(line) == 0) {
                TestHarness::fail(__FILE__, __LINE__, "seed " + std::to_string(seed) + ": never sent: " + line);
                continue;
            }
            if (line.compare(0, 2, "R:") != 0) {
                continue;
            }
            ++relayedReadings;
            // The index among readings only: replies are interleaved and repeat.
            size_t reading = 0;
            for (size_t i = 0; i < indexOf[line]; ++i) {
                reading += run.sent[i].compare(0, 2, "R:") == 0 ? 1 : 0;
            }
            if (reading < nextReading || (reading > nextReading && !announced)) {
                TestHarness::fail(__FILE__, __LINE__,
                                  "seed " + std::to_string(seed) + ": unannounced gap or reorder before " + line);
            }
            nextReading = reading + 1;
            announced = false;
        }
        CHECK_EQ(reported, run.offeredBytes - run.queuedBytes);
        CHECK(relayedReadings > 500);
        runsWithLoss += reported > 0 ? 1 : 0;
    }
    CHECK_EQ(runsWithLoss, 6u);
}
