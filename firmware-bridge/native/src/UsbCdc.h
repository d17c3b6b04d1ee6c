#pragma once

#include <stddef.h>
#include <stdint.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

/// The USB CDC port on a pty. The host opens the slave path; DTR is high while it has the slave
/// open (inotify counts its opens and closes on the path, as `gripfit-serial simulate` does), and
/// each edge reaches the sketch the way TinyUSB brings it, through `tud_event_hook_cb` from the
/// USB "interrupt" (this class's thread). TX and RX go through bounded FIFOs of TinyUSB's size;
/// the TX FIFO drains one 64-byte packet per 1 ms frame while the host reads, and what is written
/// while DTR is low is lost, as TinyUSB loses it. RX is read only while its FIFO has room, so a
/// bridge that reads nothing holds the host back (flow control).
class UsbCdc {
public:
    static UsbCdc& shared();

    /// Opens the pty; false with a message on stderr.
    bool open();
    const std::string& path() const { return path_; }
    void start();
    void stop();

    /// What the Adafruit core's jump to its bootloader becomes here: the host dropping DTR while the
    /// line is at 1200 baud (the "1200-baud touch") replaces this process with `command` (the fake
    /// bootloader, which makes a pty of its own, as the real dongle re-enumerates). Empty: ignored.
    void setBootloader(std::vector<std::string> command) { bootloader_ = std::move(command); }

    bool dtr() const { return dtr_; }
    int available();
    int read();
    int availableForWrite();
    size_t write(const uint8_t* data, size_t length);

private:
    UsbCdc();
    void run();
    void followHost();
    void lineStateChanged(bool dtr);
    void enterBootloader();
    void pump();

    static const size_t kFifoSize = 256;
    static const size_t kPacketSize = 64;

    std::string path_;
    std::vector<std::string> bootloader_;
    int master_;
    int inotify_;
    int openCount_;
    std::atomic<bool> dtr_;
    std::atomic<bool> running_;
    std::thread thread_;
    std::mutex lock_;
    uint8_t tx_[kFifoSize];
    size_t txLength_;
    uint8_t rx_[kFifoSize];
    size_t rxStart_;
    size_t rxLength_;
};
