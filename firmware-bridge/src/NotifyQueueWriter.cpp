#include "NotifyQueueWriter.h"

namespace {

/// `B:ERROR,DATA_LOST,<count>` prints a signed 32-bit decimal; the count saturates there.
const uint32_t kMaxCount = 0x7FFFFFFFu;

}  // namespace

const size_t NotifyQueueWriter::kChunkSize;
const size_t NotifyQueueWriter::kLeftByChunks;
const size_t NotifyQueueWriter::kLeftByMarkers;

NotifyQueueWriter::NotifyQueueWriter(NotifyQueue& queue) : queue_(queue), lostBytes_(0) {}

void NotifyQueueWriter::write(const uint8_t* data, size_t length) {
    for (size_t at = 0; at < length; at += kChunkSize) {
        const size_t rest = length - at;
        const size_t chunk = rest < kChunkSize ? rest : kChunkSize;
        // A chunk may follow an earlier loss only once the marker for it is queued.
        const bool sent = flushLoss() && queue_.freeSlots() > kLeftByChunks && queue_.pushChunk(data + at, chunk);
        if (!sent) {
            lostBytes_ = chunk > kMaxCount - lostBytes_ ? kMaxCount : lostBytes_ + static_cast<uint32_t>(chunk);
        }
    }
    // Report a loss at once if there is room, rather than with the next notification.
    flushLoss();
}

bool NotifyQueueWriter::flushLoss() {
    if (lostBytes_ == 0) {
        return true;
    }
    if (queue_.freeSlots() <= kLeftByMarkers || !queue_.pushLoss(lostBytes_)) {
        return false;
    }
    lostBytes_ = 0;
    return true;
}
