#pragma once

#include <stddef.h>
#include <stdint.h>

#include "BleAddress.h"
#include "RecentByAddress.h"

/// The advertisers seen in one scan window, so that the NUS UUID and the `_GRIPFIT` name may come
/// in different reports: a GripFit built on Bluefruit puts the 128-bit UUID in its advertising packet
/// and the name in its scan response, as both do not fit in 31 bytes. Bounded: when full, the oldest
/// entry is forgotten.
class AdvertiserTable {
public:
    static const size_t kCapacity = 8;
    /// A legacy advertising packet holds at most 29 bytes of name.
    static const size_t kMaxNameLength = 29;

    struct Entry {
        BleAddress address;
        bool hasNus;
        bool named;
        /// `B:FOUND` already sent for it in this window.
        bool reported;
        char name[kMaxNameLength];
        size_t nameLength;
    };

    /// Records one advertising report (`name` may be empty). Returns the entry when the advertiser
    /// is now known to offer NUS and to be named like a GripFit, otherwise null.
    Entry* observe(const BleAddress& address, const char* name, size_t nameLength, bool hasNus);

    void clear();

private:
    RecentByAddress<Entry, kCapacity> entries_;
};
