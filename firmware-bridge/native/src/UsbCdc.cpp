#include "UsbCdc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>

#include <Adafruit_TinyUSB.h>
#include <Arduino.h>
#include <device/dcd.h>

NativeUsbdRegisters nativeUsbd;

namespace {

const uint8_t kClassRequestToInterface = 0x21;

}  // namespace

UsbCdc& UsbCdc::shared() {
    static UsbCdc usb;
    return usb;
}

UsbCdc::UsbCdc()
    : master_(-1), inotify_(-1), openCount_(0), dtr_(false), running_(false), txLength_(0), rxStart_(0), rxLength_(0) {}

bool UsbCdc::open() {
    master_ = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (master_ < 0 || grantpt(master_) != 0 || unlockpt(master_) != 0) {
        perror("posix_openpt");
        return false;
    }
    char name[128];
    if (ptsname_r(master_, name, sizeof(name)) != 0) {
        perror("ptsname_r");
        return false;
    }
    path_ = name;
    // The slave keeps the default cooked mode: a fresh Linux tty echoes until the host sets raw
    // mode, as a real CDC ACM port does.
    inotify_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (inotify_ < 0 || inotify_add_watch(inotify_, name, IN_OPEN | IN_CLOSE) < 0) {
        perror("inotify");
        return false;
    }
    return true;
}

void UsbCdc::start() {
    running_ = true;
    thread_ = std::thread(&UsbCdc::run, this);
}

void UsbCdc::stop() {
    running_ = false;
    if (thread_.joinable()) {
        thread_.join();
    }
}

void UsbCdc::run() {
    while (running_) {
        followHost();
        pump();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

// Opens minus closes of the slave path: the host has the port open while it is positive.
void UsbCdc::followHost() {
    alignas(inotify_event) char buffer[4096];
    int delta = 0;
    for (;;) {
        const ssize_t count = ::read(inotify_, buffer, sizeof(buffer));
        if (count <= 0) {
            break;
        }
        for (ssize_t offset = 0; offset < count;) {
            const inotify_event* event = reinterpret_cast<const inotify_event*>(buffer + offset);
            if (event->mask & IN_OPEN) {
                ++delta;
            }
            if (event->mask & (IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)) {
                --delta;
            }
            offset += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    // Each open and close is an edge of its own: a close and reopen between two passes still
    // reaches the sketch as a fall and a rise.
    const int before = openCount_;
    openCount_ = openCount_ + delta < 0 ? 0 : openCount_ + delta;
    if (before > 0 && openCount_ == 0) {
        lineStateChanged(false);
        enterBootloader();
    } else if (before == 0 && openCount_ > 0) {
        lineStateChanged(true);
    }
}

void UsbCdc::lineStateChanged(bool dtr) {
    {
        std::lock_guard<std::mutex> guard(lock_);
        dtr_ = dtr;
        if (!dtr) {
            txLength_ = 0;
            rxLength_ = 0;
            rxStart_ = 0;
        }
    }
    nativeUsbd.BMREQUESTTYPE = kClassRequestToInterface;
    nativeUsbd.BREQUEST = CDC_REQUEST_SET_CONTROL_LINE_STATE;
    nativeUsbd.WVALUEL = dtr ? 0x03 : 0x00;
#if TUSB_VERSION_MAJOR > 0 || TUSB_VERSION_MINOR >= 16
    tud_event_hook_cb(0, DCD_EVENT_SETUP_RECEIVED, true);
#endif
}

// TinyUSB's line-state callback in the Adafruit core: DTR fallen with the line coding at 1200
// baud enters the bootloader. The pty's termios is the line coding the host set.
void UsbCdc::enterBootloader() {
    termios line;
    if (bootloader_.empty() || tcgetattr(master_, &line) != 0 || cfgetospeed(&line) != B1200) {
        return;
    }
    std::vector<char*> argv;
    for (std::string& argument : bootloader_) {
        argv.push_back(&argument[0]);
    }
    argv.push_back(nullptr);
    fflush(stdout);
    execv(argv[0], argv.data());
    fprintf(stderr, "native bridge: cannot start the bootloader %s: %s\n", argv[0], strerror(errno));
}

void UsbCdc::pump() {
    std::lock_guard<std::mutex> guard(lock_);
    if (!dtr_) {
        return;
    }
    if (txLength_ > 0) {
        const size_t packet = txLength_ < kPacketSize ? txLength_ : kPacketSize;
        const ssize_t written = ::write(master_, tx_, packet);
        if (written > 0) {
            memmove(tx_, tx_ + written, txLength_ - static_cast<size_t>(written));
            txLength_ -= static_cast<size_t>(written);
        }
    }
    while (rxLength_ < kFifoSize) {
        const size_t end = (rxStart_ + rxLength_) % kFifoSize;
        const size_t room = end >= rxStart_ ? kFifoSize - end : rxStart_ - end;
        const ssize_t count = ::read(master_, rx_ + end, room);
        if (count <= 0) {
            break;
        }
        rxLength_ += static_cast<size_t>(count);
    }
}

int UsbCdc::available() {
    std::lock_guard<std::mutex> guard(lock_);
    return static_cast<int>(rxLength_);
}

int UsbCdc::read() {
    std::lock_guard<std::mutex> guard(lock_);
    if (rxLength_ == 0) {
        return -1;
    }
    const uint8_t byte = rx_[rxStart_];
    rxStart_ = (rxStart_ + 1) % kFifoSize;
    --rxLength_;
    return byte;
}

int UsbCdc::availableForWrite() {
    std::lock_guard<std::mutex> guard(lock_);
    return static_cast<int>(kFifoSize - txLength_);
}

size_t UsbCdc::write(const uint8_t* data, size_t length) {
    size_t written = 0;
    while (written < length) {
        {
            std::lock_guard<std::mutex> guard(lock_);
            if (!dtr_) {
                return written;
            }
            const size_t room = kFifoSize - txLength_;
            const size_t count = length - written < room ? length - written : room;
            memcpy(tx_ + txLength_, data + written, count);
            txLength_ += count;
            written += count;
        }
        if (written < length) {
            yield();
        }
    }
    return written;
}
