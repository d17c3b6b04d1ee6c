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

AdvertiserTable::AdvertiserTable() : count_(0), oldest_(0) {}

AdvertiserTable::Entry* AdvertiserTable::observe(const BleAddress& address, const char* name, size_t nameLength,
                                                 bool hasNus) {
    const bool named = containsDeviceName(name, nameLength);
    Entry* entry = find(address);
    if (entry == nullptr) {
        if (!named && !hasNus) {
            return nullptr;
        }
        entry = claim(address);
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
    count_ = 0;
    oldest_ = 0;
}

AdvertiserTable::Entry* AdvertiserTable::find(const BleAddress& address) {
    for (size_t i = 0; i < count_; ++i) {
        if (entries_[i].address == address) {
            return &entries_[i];
        }
    }
    return nullptr;
}

AdvertiserTable::Entry* AdvertiserTable::claim(const BleAddress& address) {
    Entry* entry;
    if (count_ < kCapacity) {
        entry = &entries_[count_++];
    } else {
        entry = &entries_[oldest_];
        oldest_ = (oldest_ + 1) % kCapacity;
    }
    entry->address = address;
    entry->hasNus = false;
    entry->named = false;
    entry->reported = false;
    entry->nameLength = 0;
    return entry;
}
