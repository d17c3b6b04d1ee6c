// Arduino's time and pin calls for the native build: time from the host's monotonic clock, pins
// nowhere (the LED is the only pin the sketch drives).
#include <Arduino.h>

#include <chrono>
#include <thread>

#include "LoopStall.h"

namespace {

const std::chrono::steady_clock::time_point kStart = std::chrono::steady_clock::now();
/// What a FreeRTOS yield costs the loop task at most when other tasks want the CPU.
const std::chrono::microseconds kYieldPause(200);

}  // namespace

uint32_t millis() {
    return static_cast<uint32_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - kStart).count());
}

void delay(uint32_t ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

void yield() {
    LoopStall::honour();
    std::this_thread::sleep_for(kYieldPause);
}

void pinMode(uint8_t pin, uint8_t mode) {
    (void)pin;
    (void)mode;
}

void digitalWrite(uint8_t pin, uint8_t value) {
    (void)pin;
    (void)value;
}
