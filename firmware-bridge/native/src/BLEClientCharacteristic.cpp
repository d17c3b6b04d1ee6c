#include <bluefruit.h>

#include "FakeRadio.h"

BLEClientCharacteristic::BLEClientCharacteristic(BLEUuid characteristicUuid)
    : uuid(characteristicUuid), valueHandle_(BLE_GATT_HANDLE_INVALID), notify_(nullptr) {}

void BLEClientCharacteristic::setNotifyCallback(notify_cb_t callback, bool useAdaCallback) {
    (void)useAdaCallback;
    notify_ = callback;
}

bool BLEClientCharacteristic::begin(BLEClientService* parent) {
    (void)parent;
    FakeRadio::shared().addCharacteristic(this);
    return true;
}
