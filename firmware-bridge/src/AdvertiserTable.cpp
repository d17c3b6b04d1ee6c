#include "AdvertiserTable.h"

#include <string.h>

#include "BridgeConfig.h"

namespace {

bool containsDeviceName(const char* name, size_t length) {
    const size_t wanted = strlen(BridgeConfig::kDeviceName);
    for (size_t at = 0; at + wanted <= length; ++at) {
        if (memcmp(name + at, BridgeConfig::kDeviceName, wanted) == 0) {
            return true;
        }
    }
    return false;
}

}  // namespace

const size_t AdvertiserTable::kCapacity;
const size_t AdvertiserTable::kMaxNameLength;

AdvertiserTable::Entry* AdvertiserTable::observe(const BleAddress& address, const char* name, size_t nameLength,
                                                 bool hasNus) {
    const bool named = containsDeviceName(name, nameLength);
    Entry* entry = entries_.find(address);
    if (entry == nullptr) {
        if (!named && !hasNus) {
            return nullptr;
        }
        entry = entries_.claim(address);
        entry->hasNus = false;
        entry->named = false;
        entry->reported = false;
        entry->nameLength = 0;
    }
    entry->hasNus = entry->hasNus || hasNus;
    if (nameLength > 0) {
        entry->named = named;
        entry->nameLength = nameLength < kMaxNameLength ? nameLength : kMaxNameLength;
        memcpy(entry->name, name, entry->nameLength);
    }
    return entry->hasNus && entry->named ? entry : nullptr;
}

void AdvertiserTable::clear() {
    entries_.clear();
}
