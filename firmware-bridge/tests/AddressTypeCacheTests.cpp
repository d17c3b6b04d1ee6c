#include "../src/AddressTypeCache.h"
#include "TestHarness.h"

namespace {

BleAddress address(uint8_t first, uint8_t last) {
    const uint8_t bytes[BleAddress::kByteCount] = {first, 0x11, 0x22, 0x33, 0x44, last};
    return BleAddress(bytes);
}

const uint8_t kRandomPrivate = 0x02;

}  // namespace

TEST(addressTypeGuessedFromTheTopBitsWhenUnseen) {
    const AddressTypeCache cache;
    CHECK_EQ(cache.lookUp(address(0xC0, 1)), AddressTypeCache::kRandomStatic);
    CHECK_EQ(cache.lookUp(address(0x7F, 1)), AddressTypeCache::kPublic);
}

TEST(addressTypeRememberedFromAdverts) {
    AddressTypeCache cache;
    cache.remember(address(0xC0, 1), AddressTypeCache::kPublic);
    cache.remember(address(0x10, 2), kRandomPrivate);
    CHECK_EQ(cache.lookUp(address(0xC0, 1)), AddressTypeCache::kPublic);
    CHECK_EQ(cache.lookUp(address(0x10, 2)), kRandomPrivate);
}

TEST(addressTypeCacheForgetsTheOldest) {
    AddressTypeCache cache;
    for (uint8_t i = 0; i <= AddressTypeCache::kCapacity; ++i) {
        cache.remember(address(0xC0, i), AddressTypeCache::kPublic);
    }
    CHECK_EQ(cache.lookUp(address(0xC0, 0)), AddressTypeCache::kRandomStatic);
    CHECK_EQ(cache.lookUp(address(0xC0, 1)), AddressTypeCache::kPublic);
}
