#include "RadioFaults.h"

#include <string.h>

const char* const RadioFaults::kNames = "lose burst write-fail drop-mid-line slow-cccd out-of-range crowd";

bool RadioFaults::enable(const char* name) {
    struct Entry {
        const char* name;
        bool RadioFaults::*flag;
    };
    static const Entry entries[] = {
        {"lose", &RadioFaults::lose},
        {"burst", &RadioFaults::burst},
        {"write-fail", &RadioFaults::writeFail},
        {"drop-mid-line", &RadioFaults::dropMidLine},
        {"slow-cccd", &RadioFaults::slowCccd},
        {"out-of-range", &RadioFaults::outOfRange},
        {"crowd", &RadioFaults::crowd},
    };
    if (strcmp(name, "all") == 0) {
        for (const Entry& entry : entries) {
            this->*entry.flag = true;
        }
        return true;
    }
    for (const Entry& entry : entries) {
        if (strcmp(name, entry.name) == 0) {
            this->*entry.flag = true;
            return true;
        }
    }
    return false;
}

uint32_t RadioFaults::timedMask() const {
    return (lose ? 1u : 0u) | (burst ? 2u : 0u) | (writeFail ? 4u : 0u) | (dropMidLine ? 8u : 0u) |
           (outOfRange ? 16u : 0u);
}
