#pragma once

#include <stddef.h>

#include "BleAddress.h"

/// A fixed table of per-peer entries keyed by address; when full, the oldest entry gives way.
/// The bridge keeps only what it saw recently and never allocates.
template <typename Entry, size_t Capacity>
class RecentByAddress {
public:
    RecentByAddress() : count_(0), oldest_(0) {}

    Entry* find(const BleAddress& address) {
        for (size_t i = 0; i < count_; ++i) {
            if (entries_[i].address == address) {
                return &entries_[i];
            }
        }
        return nullptr;
    }

    const Entry* find(const BleAddress& address) const {
        return const_cast<RecentByAddress*>(this)->find(address);
    }

    /// A slot for `address`, taking the oldest one when the table is full. Only `address` is set.
    Entry* claim(const BleAddress& address) {
        Entry* entry;
        if (count_ < Capacity) {
            entry = &entries_[count_++];
        } else {
            entry = &entries_[oldest_];
            oldest_ = (oldest_ + 1) % Capacity;
        }
        entry->address = address;
        return entry;
    }

    void clear() {
        count_ = 0;
        oldest_ = 0;
    }

private:
    Entry entries_[Capacity];
    size_t count_;
    size_t oldest_;
};
