#include "LoopStall.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace {

std::mutex guard;
std::condition_variable changed;
uint32_t askedMs = 0;
bool stalling = false;
bool released = false;

}  // namespace

void LoopStall::request(uint32_t ms) {
    std::unique_lock<std::mutex> lock(guard);
    askedMs = ms;
    changed.wait(lock, [] { return stalling || released; });
}

void LoopStall::honour() {
    uint32_t ms = 0;
    {
        std::lock_guard<std::mutex> lock(guard);
        if (askedMs == 0) {
            return;
        }
        ms = askedMs;
        askedMs = 0;
        stalling = true;
    }
    changed.notify_all();
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    std::lock_guard<std::mutex> lock(guard);
    stalling = false;
}

void LoopStall::release() {
    std::lock_guard<std::mutex> lock(guard);
    released = true;
    changed.notify_all();
}
