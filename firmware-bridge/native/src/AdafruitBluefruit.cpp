#include <bluefruit.h>

#include "FakeRadio.h"

AdafruitBluefruit Bluefruit;

void AdafruitBluefruit::autoConnLed(bool enable) {
    (void)enable;
}

bool AdafruitBluefruit::begin(uint8_t peripheralCount, uint8_t centralCount) {
    return peripheralCount == 0 && centralCount == 1;
}

void AdafruitBluefruit::setName(const char* name) {
    (void)name;
}

void AdafruitBluefruit::setEventCallback(event_callback_t callback) {
    FakeRadio::shared().setEventCallback(callback);
}

BLEConnection* AdafruitBluefruit::Connection(uint16_t connHandle) {
    return FakeRadio::shared().connection(connHandle);
}

bool AdafruitBluefruit::disconnect(uint16_t connHandle) {
    return FakeRadio::shared().disconnect(connHandle);
}
