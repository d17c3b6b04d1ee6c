#include <string>

#include "../src/Backoff.h"
#include "TestHarness.h"

namespace {

std::string steps(Backoff& backoff, int count) {
    std::string out;
    for (int i = 0; i < count; ++i) {
        out += std::to_string(backoff.next()) + " ";
    }
    return out;
}

}  // namespace

TEST(backoffDoublesUpToItsCeiling) {
    Backoff scan(2000, 30000);
    CHECK_EQ(steps(scan, 7), std::string("2000 4000 8000 16000 30000 30000 30000 "));
    Backoff reconnect(1000, 30000);
    CHECK_EQ(steps(reconnect, 7), std::string("1000 2000 4000 8000 16000 30000 30000 "));
}

TEST(backoffResetStartsOver) {
    Backoff backoff(1000, 30000);
    steps(backoff, 4);
    backoff.reset();
    CHECK_EQ(steps(backoff, 2), std::string("1000 2000 "));
}
