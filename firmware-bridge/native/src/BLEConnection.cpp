#include <bluefruit.h>

BLEConnection::BLEConnection() {
    memset(&peer_, 0, sizeof(peer_));
    memset(&params_, 0, sizeof(params_));
}

void BLEConnection::set(const ble_gap_addr_t& peer, const ble_gap_conn_params_t& params) {
    peer_ = peer;
    params_ = params;
}
