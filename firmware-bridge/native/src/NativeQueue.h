#pragma once

#include <stddef.h>
#include <stdint.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

/// A FreeRTOS queue: fixed-size items copied in and out, at most `length` of them.
class NativeQueue {
public:
    NativeQueue(size_t length, size_t itemSize);
    bool send(const void* item, uint32_t waitMs);
    bool receive(void* item, uint32_t waitMs);
    size_t spaces();

private:
    const size_t length_;
    const size_t itemSize_;
    std::mutex lock_;
    std::condition_variable changed_;
    std::deque<std::vector<uint8_t> > items_;
};
