#include "RadioFaults.h"

#include <string.h>

const char* const RadioFaults::kNames = "lose burst write-fail drop-mid-line out-of-range slow-cccd crowd";

bool RadioFaults::enable(const char* name) {
    static const char* const timedNames[kTimedCount] = {"lose", "burst", "write-fail", "drop-mid-line", "out-of-range"};
    const bool all = strcmp(name, "all") == 0;
    bool known = all;
    for (int fault = 0; fault < kTimedCount; ++fault) {
        if (all || strcmp(name, timedNames[fault]) == 0) {
            timed[fault] = true;
            known = true;
        }
    }
    if (all || strcmp(name, "slow-cccd") == 0) {
        slowCccd = true;
        known = true;
    }
    if (all || strcmp(name, "crowd") == 0) {
        crowd = true;
        known = true;
    }
    return known;
}

bool RadioFaults::anyTimed() const {
    for (int fault = 0; fault < kTimedCount; ++fault) {
        if (timed[fault]) {
            return true;
        }
    }
    return false;
}
