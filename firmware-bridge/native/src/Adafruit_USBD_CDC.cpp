// `Serial`: the sketch's CDC calls, carried out by UsbCdc.
#include <Adafruit_TinyUSB.h>

#include "UsbCdc.h"

Adafruit_USBD_CDC Serial;

void Adafruit_USBD_CDC::begin(uint32_t baud) {
    (void)baud;
}

bool Adafruit_USBD_CDC::dtr() {
    return UsbCdc::shared().dtr();
}

int Adafruit_USBD_CDC::available() {
    return UsbCdc::shared().available();
}

int Adafruit_USBD_CDC::read() {
    return UsbCdc::shared().read();
}

int Adafruit_USBD_CDC::availableForWrite() {
    return UsbCdc::shared().availableForWrite();
}

size_t Adafruit_USBD_CDC::write(const uint8_t* data, size_t length) {
    return UsbCdc::shared().write(data, length);
}

void Adafruit_USBD_CDC::flush() {}
