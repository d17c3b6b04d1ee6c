// The two SoftDevice calls the sketch makes itself, past Bluefruit.
#include <bluefruit.h>

#include "FakeRadio.h"

uint32_t sd_ble_gap_connect_cancel() {
    return FakeRadio::shared().cancelConnect();
}

uint32_t sd_ble_gattc_write(uint16_t conn_handle, const ble_gattc_write_params_t* params) {
    return FakeRadio::shared().write(conn_handle, *params);
}
