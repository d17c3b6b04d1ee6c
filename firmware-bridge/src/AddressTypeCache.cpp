#include "AddressTypeCache.h"

namespace {

const uint8_t kRandomStaticMarker = 0xC0;

}  // namespace

const uint8_t AddressTypeCache::kPublic;
const uint8_t AddressTypeCache::kRandomStatic;
const size_t AddressTypeCache::kCapacity;

AddressTypeCache::AddressTypeCache() : count_(0), oldest_(0) {}

void AddressTypeCache::remember(const BleAddress& address, uint8_t type) {
    for (size_t i = 0; i < count_; ++i) {
        if (entries_[i].address == address) {
            entries_[i].type = type;
            return;
        }
    }
    Entry* entry;
    if (count_ < kCapacity) {
        entry = &entries_[count_++];
    } else {
        entry = &entries_[oldest_];
        oldest_ = (oldest_ + 1) % kCapacity;
    }
    entry->address = address;
    entry->type = type;
}

uint8_t AddressTypeCache::lookUp(const BleAddress& address) const {
    for (size_t i = 0; i < count_; ++i) {
        if (entries_[i].address == address) {
            return entries_[i].type;
        }
    }
    return (address.bytes()[0] & kRandomStaticMarker) == kRandomStaticMarker ? kRandomStatic : kPublic;
}
