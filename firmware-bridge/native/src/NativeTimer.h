#pragma once

#include <stdint.h>

#include <atomic>
#include <thread>

#include <FreeRTOS.h>

/// A FreeRTOS software timer: its callback on a thread of its own every `periodMs`, as the timer
/// task runs it. Only the Seeed core's path (TinyUSB before 0.16) uses one.
class NativeTimer {
public:
    NativeTimer(uint32_t periodMs, TimerCallbackFunction_t callback);
    ~NativeTimer();
    void start();

private:
    NativeTimer(const NativeTimer&);
    NativeTimer& operator=(const NativeTimer&);
    void run();

    const uint32_t periodMs_;
    const TimerCallbackFunction_t callback_;
    std::atomic<bool> running_;
    std::thread thread_;
};
