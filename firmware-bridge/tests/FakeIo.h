#pragma once

#include <string>
#include <vector>

#include "../src/BridgeIo.h"

/// Records every request of the core as one readable string, in order.
class FakeIo : public BridgeIo {
public:
    void startScan() override { record("scan"); }
    void stopScan() override { record("stop-scan"); }
    void connect(const BleAddress& address) override { record("connect " + text(address)); }
    void disconnect() override { record("disconnect"); }
    void discover() override { record("discover"); }
    void subscribe() override { record("subscribe"); }
    void writeRx(const char* data, size_t length) override { record("write " + std::string(data, length)); }
    void usbWrite(const char* data, size_t length) override {
        const std::string line(data, length);
        if (line.empty() || line.back() != '\n' || line.find('\n') != line.size() - 1) {
            record("BROKEN usb " + line);
            return;
        }
        record(line.substr(0, line.size() - 1));
    }
    void savePin(const BleAddress* pin) override { record("pin " + (pin == nullptr ? "NONE" : text(*pin))); }
    void setLed(LedMode mode) override { record(mode == LedMode::Connected ? "led connected" : "led searching"); }

    /// Everything recorded since the last call.
    std::vector<std::string> take() {
        std::vector<std::string> taken;
        taken.swap(actions_);
        return taken;
    }

    static std::string text(const BleAddress& address) {
        char buffer[BleAddress::kTextLength + 1];
        address.format(buffer);
        return buffer;
    }

private:
    void record(const std::string& action) { actions_.push_back(action); }

    std::vector<std::string> actions_;
};
