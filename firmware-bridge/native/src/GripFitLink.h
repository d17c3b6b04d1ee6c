#pragma once

#include <stddef.h>
#include <stdint.h>

#include <atomic>

/// The GripFit on the far side of the fake radio: the project's simulated GripFit
/// (`gripfit-serial simulate --serve-gripfit <socket>`), reached over a Unix stream socket, so
/// there is one model of the device. Lines both ways: `UP` (notifications enabled), `DOWN` (link
/// gone) and the bytes of each RX write go to it; its device lines come back.
/// Used from the radio thread only, but `closed()`.
class GripFitLink {
public:
    GripFitLink();
    ~GripFitLink();

    /// Connects to the socket, retrying for up to `waitMs` while the server starts.
    bool open(const char* path, uint32_t waitMs);
    void linkUp();
    void linkDown();
    /// One RX write as the device receives it (a `CMD:` line with its `\n`).
    void received(const uint8_t* data, size_t length);
    /// Reads what the device sent, up to `size` bytes, without waiting; 0 if nothing.
    size_t take(uint8_t* out, size_t size);
    /// The server went away: the device is gone for good.
    bool closed() const { return fd_ < 0; }

private:
    GripFitLink(const GripFitLink&);
    GripFitLink& operator=(const GripFitLink&);
    void send(const char* data, size_t length);

    /// -1 once the server is gone; read by the loop thread to end the run.
    std::atomic<int> fd_;
};
