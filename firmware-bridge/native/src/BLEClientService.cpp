#include <bluefruit.h>

#include "FakeRadio.h"

BLEClientService::BLEClientService(BLEUuid serviceUuid) : uuid(serviceUuid) {
    range_.start_handle = BLE_GATT_HANDLE_INVALID;
    range_.end_handle = BLE_GATT_HANDLE_INVALID;
}

bool BLEClientService::begin() {
    return true;
}

bool BLEClientService::discover(uint16_t connHandle) {
    return FakeRadio::shared().discoverService(connHandle, *this);
}
