#pragma once
// TinyUSB as the Adafruit core offers it to sketches: `Serial` (CDC) and `TinyUSBDevice`. The
// native CDC is a pty (UsbCdc); DTR is high while the host has the pty open.

#include <stddef.h>
#include <stdint.h>

#ifndef TUSB_VERSION_MAJOR
#define TUSB_VERSION_MAJOR 0
#endif
/// 16 or later: the event hook path of the Adafruit core. Build with -DTUSB_VERSION_MINOR=12 for
/// the Seeed core's timer path.
#ifndef TUSB_VERSION_MINOR
#define TUSB_VERSION_MINOR 16
#endif

#define CDC_REQUEST_SET_CONTROL_LINE_STATE 0x22

/// The CDC port: bounded FIFOs both ways, as TinyUSB's.
class Adafruit_USBD_CDC {
public:
    void begin(uint32_t baud);
    bool dtr();
    int available();
    int read();
    int availableForWrite();
    size_t write(const uint8_t* data, size_t length);
    void flush();
};

class Adafruit_USBD_Device {
public:
    bool setProductDescriptor(const char* product);
    bool mounted();
    bool detach();
    bool attach();
};

extern Adafruit_USBD_CDC Serial;
extern Adafruit_USBD_Device TinyUSBDevice;
