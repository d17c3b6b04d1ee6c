#include <bluefruit.h>

#include "FakeRadio.h"

uint8_t BLEDiscovery::discoverCharacteristic(uint16_t connHandle, BLEClientCharacteristic& first,
                                            BLEClientCharacteristic& second) {
    return FakeRadio::shared().discoverCharacteristics(connHandle, first, second);
}

uint16_t BLEDiscovery::_discoverDescriptor(uint16_t connHandle, ble_gattc_evt_desc_disc_rsp_t* response, uint16_t size,
                                           ble_gattc_handle_range_t range) {
    return FakeRadio::shared().discoverDescriptors(connHandle, response, size, range);
}
