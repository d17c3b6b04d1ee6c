#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "../src/BridgeCore.h"
#include "FakeIo.h"

/// A core wired to a FakeIo and a fake clock that the test moves by hand.
class Bench {
public:
    Bench() : core(io), nowMs(0) {}

    void begin(const BleAddress* pin = nullptr) { core.begin(nowMs, pin); }

    /// Moves the clock in loop-sized steps, ticking the core each time.
    void advance(uint32_t durationMs) {
        // How often the fake loop ticks the core.
        const uint32_t kTickStepMs = 10;
        uint32_t remainingMs = durationMs;
        while (remainingMs > 0) {
            const uint32_t step = remainingMs < kTickStepMs ? remainingMs : kTickStepMs;
            nowMs += step;
            remainingMs -= step;
            core.tick(nowMs);
        }
    }

    /// Ticks every millisecond until the core asks for something; returns how long that took
    /// (0 if nothing happened within limitMs). The requests stay in the log for take().
    uint32_t advanceUntilAction(uint32_t limitMs) {
        const uint32_t startMs = nowMs;
        while (nowMs - startMs < limitMs) {
            nowMs += 1;
            core.tick(nowMs);
            if (!peek().empty()) {
                return nowMs - startMs;
            }
        }
        return 0;
    }

    size_t host(const std::string& bytes) {
        return core.hostBytes(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    }

    void notify(const std::string& bytes) {
        core.notifyBytes(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    }

    void advertise(const BleAddress& address, const std::string& name, bool hasNus, int32_t rssi = -60) {
        core.advReport(address, rssi, name.data(), name.size(), hasNus);
    }

    /// Brings the core from scanning to CONNECTED with `address`; clears the log.
    void connectTo(const BleAddress& address) {
        advertise(address, "_GRIPFIT", true);
        core.connected(address);
        core.discovered(true);
        core.subscribed(WriteOutcome::ok());
        take();
    }

    std::vector<std::string> take() {
        std::vector<std::string> all = pending_;
        pending_.clear();
        const std::vector<std::string> fresh = io.take();
        all.insert(all.end(), fresh.begin(), fresh.end());
        return all;
    }

    FakeIo io;
    BridgeCore core;
    uint32_t nowMs;

private:
    const std::vector<std::string>& peek() {
        const std::vector<std::string> fresh = io.take();
        pending_.insert(pending_.end(), fresh.begin(), fresh.end());
        return pending_;
    }

    std::vector<std::string> pending_;
};

inline std::ostream& operator<<(std::ostream& out, const std::vector<std::string>& lines) {
    out << "[";
    for (size_t i = 0; i < lines.size(); ++i) {
        out << (i > 0 ? ", " : "") << '"' << lines[i] << '"';
    }
    return out << "]";
}

typedef std::vector<std::string> Log;
