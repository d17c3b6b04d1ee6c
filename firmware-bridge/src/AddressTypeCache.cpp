#include "AddressTypeCache.h"

namespace {

const uint8_t kRandomStaticMarker = 0xC0;

}  // namespace

const uint8_t AddressTypeCache::kPublic;
const uint8_t AddressTypeCache::kRandomStatic;
const size_t AddressTypeCache::kCapacity;

void AddressTypeCache::remember(const BleAddress& address, uint8_t type) {
    Entry* entry = entries_.find(address);
    if (entry == nullptr) {
        entry = entries_.claim(address);
    }
    entry->type = type;
}

uint8_t AddressTypeCache::lookUp(const BleAddress& address) const {
    const Entry* entry = entries_.find(address);
    if (entry != nullptr) {
        return entry->type;
    }
    return (address.bytes()[0] & kRandomStaticMarker) == kRandomStaticMarker ? kRandomStatic : kPublic;
}
