#pragma once

#include <stddef.h>
#include <stdint.h>

#include "NotifyQueue.h"

/// Puts TX notification bytes into the queue to loop() so that a loss is itself an item of the
/// queue, in stream order: a chunk that finds no room is dropped and a loss marker takes its
/// place before any later chunk. The reader then drops the partial line the gap tore, and
/// resynchronises at the next `\n`, exactly where the bytes went missing, however many lines
/// were queued before or after the gap.
///
/// Runs in the radio's callback task only (not thread-safe); the queue is the only shared part.
class NotifyQueueWriter {
public:
    /// Bytes per chunk, the size of a queue item's payload.
    static const size_t kChunkSize = 32;
    /// Slots a chunk leaves free: one for the loss marker, the rest for link and write events.
    static const size_t kLeftByChunks = 3;
    /// Slots a loss marker leaves free for link and write events.
    static const size_t kLeftByMarkers = 2;

    explicit NotifyQueueWriter(NotifyQueue& queue);

    /// The bytes of one notification, in order.
    void write(const uint8_t* data, size_t length);
    /// Bytes lost and not yet covered by a queued marker.
    uint32_t unreportedLoss() const { return lostBytes_; }

private:
    bool flushLoss();

    NotifyQueue& queue_;
    uint32_t lostBytes_;
};
