#include <bluefruit.h>

#include "FakeRadio.h"

void BLECentral::setConnectCallback(connect_callback_t callback) {
    FakeRadio::shared().setConnectCallback(callback);
}

void BLECentral::setDisconnectCallback(disconnect_callback_t callback) {
    FakeRadio::shared().setDisconnectCallback(callback);
}

bool BLECentral::connect(const ble_gap_addr_t* peer) {
    return FakeRadio::shared().connect(*peer);
}
