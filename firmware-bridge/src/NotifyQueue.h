#pragma once

#include <stddef.h>
#include <stdint.h>

/// The bounded queue that carries notification bytes from the radio's callback to loop(), as the
/// producer sees it. The glue implements it over a FreeRTOS queue; tests over a std::deque.
class NotifyQueue {
public:
    /// Slots free right now.
    virtual size_t freeSlots() const = 0;
    /// Queues one chunk (at most `NotifyQueueWriter::kChunkSize` bytes); false if it found no room.
    virtual bool pushChunk(const uint8_t* data, size_t length) = 0;
    /// Queues a loss marker: `lostBytes` bytes are missing at this point of the stream.
    virtual bool pushLoss(uint32_t lostBytes) = 0;

protected:
    ~NotifyQueue() {}
};
