#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "../src/NotifyQueue.h"

/// A bounded queue of chunks and loss markers, as the glue's FreeRTOS queue holds them.
class FakeNotifyQueue : public NotifyQueue {
public:
    struct Item {
        /// Empty for a loss marker.
        std::string bytes;
        uint32_t lostBytes;
    };

    explicit FakeNotifyQueue(size_t depth) : depth_(depth), refuseNext_(false) {}

    size_t freeSlots() const override { return depth_ - items.size(); }
    bool pushChunk(const uint8_t* data, size_t length) override {
        return push(Item{std::string(reinterpret_cast<const char*>(data), length), 0});
    }
    bool pushLoss(uint32_t lostBytes) override { return push(Item{std::string(), lostBytes}); }

    /// The next push fails even with room, as when another producer takes the last slot first.
    void refuseNext() { refuseNext_ = true; }

    std::deque<Item> items;

private:
    bool push(const Item& item) {
        if (refuseNext_ || items.size() == depth_) {
            refuseNext_ = false;
            return false;
        }
        items.push_back(item);
        return true;
    }

    size_t depth_;
    bool refuseNext_;
};
