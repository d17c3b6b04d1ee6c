#include "NativeTimer.h"

#include <chrono>

NativeTimer::NativeTimer(uint32_t periodMs, TimerCallbackFunction_t callback)
    : periodMs_(periodMs), callback_(callback), running_(false) {}

NativeTimer::~NativeTimer() {
    running_ = false;
    if (thread_.joinable()) {
        thread_.join();
    }
}

void NativeTimer::start() {
    if (!running_.exchange(true)) {
        thread_ = std::thread(&NativeTimer::run, this);
    }
}

void NativeTimer::run() {
    while (running_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(periodMs_));
        callback_(this);
    }
}

TimerHandle_t xTimerCreate(const char* name, TickType_t period, UBaseType_t autoReload, void* id,
                           TimerCallbackFunction_t callback) {
    (void)name;
    (void)autoReload;
    (void)id;
    return new NativeTimer(period, callback);
}

BaseType_t xTimerStart(TimerHandle_t timer, TickType_t ticks) {
    (void)ticks;
    timer->start();
    return pdPASS;
}
