#include "NativeQueue.h"

#include <string.h>

#include <chrono>

#include <FreeRTOS.h>

NativeQueue::NativeQueue(size_t length, size_t itemSize) : length_(length), itemSize_(itemSize) {}

bool NativeQueue::send(const void* item, uint32_t waitMs) {
    std::unique_lock<std::mutex> lock(lock_);
    if (!changed_.wait_for(lock, std::chrono::milliseconds(waitMs), [this] { return items_.size() < length_; })) {
        return false;
    }
    const uint8_t* bytes = static_cast<const uint8_t*>(item);
    items_.push_back(std::vector<uint8_t>(bytes, bytes + itemSize_));
    changed_.notify_all();
    return true;
}

bool NativeQueue::receive(void* item, uint32_t waitMs) {
    std::unique_lock<std::mutex> lock(lock_);
    if (!changed_.wait_for(lock, std::chrono::milliseconds(waitMs), [this] { return !items_.empty(); })) {
        return false;
    }
    memcpy(item, items_.front().data(), itemSize_);
    items_.pop_front();
    changed_.notify_all();
    return true;
}

size_t NativeQueue::spaces() {
    std::lock_guard<std::mutex> lock(lock_);
    return length_ - items_.size();
}

QueueHandle_t xQueueCreate(UBaseType_t length, UBaseType_t itemSize) {
    return new NativeQueue(length, itemSize);
}

BaseType_t xQueueSend(QueueHandle_t queue, const void* item, TickType_t ticks) {
    return queue->send(item, ticks) ? pdTRUE : pdFALSE;
}

BaseType_t xQueueReceive(QueueHandle_t queue, void* item, TickType_t ticks) {
    return queue->receive(item, ticks) ? pdTRUE : pdFALSE;
}

UBaseType_t uxQueueSpacesAvailable(QueueHandle_t queue) {
    return queue->spaces();
}
