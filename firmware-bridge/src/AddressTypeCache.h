#pragma once

#include <stddef.h>
#include <stdint.h>

#include "BleAddress.h"
#include "RecentByAddress.h"

/// Remembers the advertised address type of recently seen peers. The protocol names a peer by its
/// six bytes only, but the radio also needs to know public from random when it connects.
class AddressTypeCache {
public:
    /// The SoftDevice's values (BLE_GAP_ADDR_TYPE_PUBLIC, BLE_GAP_ADDR_TYPE_RANDOM_STATIC).
    static const uint8_t kPublic = 0x00;
    static const uint8_t kRandomStatic = 0x01;
    static const size_t kCapacity = 8;

    void remember(const BleAddress& address, uint8_t type);

    /// A peer never seen advertising is taken as random static when its two top bits are set (as a
    /// random static address must have them), otherwise as public.
    uint8_t lookUp(const BleAddress& address) const;

private:
    struct Entry {
        BleAddress address;
        uint8_t type;
    };

    RecentByAddress<Entry, kCapacity> entries_;
};
