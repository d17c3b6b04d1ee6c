// `TinyUSBDevice`: the pty has no enumeration, so there is nothing to name, detach or attach.
#include <Adafruit_TinyUSB.h>

Adafruit_USBD_Device TinyUSBDevice;

bool Adafruit_USBD_Device::setProductDescriptor(const char* product) {
    (void)product;
    return true;
}

bool Adafruit_USBD_Device::mounted() {
    return false;
}

bool Adafruit_USBD_Device::detach() {
    return true;
}

bool Adafruit_USBD_Device::attach() {
    return true;
}
