#include "DfuFaults.h"

#include <stdlib.h>
#include <string.h>

const char* const DfuFaults::kNames = "drop:<n>, nak:<n>, silent:<n>, vanish:<n>";

bool DfuFaults::enable(const char* spec) {
    const char* colon = strchr(spec, ':');
    if (colon == nullptr) {
        return false;
    }
    char* end = nullptr;
    const unsigned long packet = strtoul(colon + 1, &end, 10);
    if (end == colon + 1 || *end != '\0' || packet == 0 || packet > UINT32_MAX) {
        return false;
    }
    const size_t length = static_cast<size_t>(colon - spec);
    uint32_t* field = nullptr;
    if (length == 4 && strncmp(spec, "drop", length) == 0) {
        field = &drop;
    } else if (length == 3 && strncmp(spec, "nak", length) == 0) {
        field = &nak;
    } else if (length == 6 && strncmp(spec, "silent", length) == 0) {
        field = &silent;
    } else if (length == 6 && strncmp(spec, "vanish", length) == 0) {
        field = &vanish;
    }
    if (field == nullptr) {
        return false;
    }
    *field = static_cast<uint32_t>(packet);
    return true;
}
