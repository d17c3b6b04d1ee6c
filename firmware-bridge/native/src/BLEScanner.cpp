#include <bluefruit.h>

#include "FakeRadio.h"

namespace {

/// The AD structure of `type` in the report: its data and length, or null.
const uint8_t* findField(const ble_gap_evt_adv_report_t* report, uint8_t type, uint8_t& length) {
    const uint8_t* data = report->data.p_data;
    size_t index = 0;
    while (index + 1 < report->data.len) {
        const uint8_t fieldLength = data[index];
        if (fieldLength == 0 || index + 1 + fieldLength > report->data.len) {
            return nullptr;
        }
        if (data[index + 1] == type) {
            length = static_cast<uint8_t>(fieldLength - 1);
            return data + index + 2;
        }
        index += 1 + fieldLength;
    }
    return nullptr;
}

}  // namespace

void BLEScanner::restartOnDisconnect(bool enable) {
    (void)enable;
}

void BLEScanner::useActiveScan(bool enable) {
    (void)enable;
}

void BLEScanner::setInterval(uint16_t interval, uint16_t window) {
    (void)interval;
    (void)window;
}

bool BLEScanner::start(uint16_t timeout) {
    (void)timeout;
    return FakeRadio::shared().startScan();
}

bool BLEScanner::stop() {
    return FakeRadio::shared().stopScan();
}

bool BLEScanner::resume() {
    return FakeRadio::shared().resumeScan();
}

bool BLEScanner::checkReportForUuid(const ble_gap_evt_adv_report_t* report, BLEUuid uuid) {
    uint8_t length = 0;
    const uint8_t* uuids = findField(report, BLE_GAP_AD_TYPE_128BIT_SERVICE_UUID_COMPLETE, length);
    for (size_t offset = 0; uuids != nullptr && offset + 16 <= length; offset += 16) {
        if (memcmp(uuids + offset, uuid.bytes128(), 16) == 0) {
            return true;
        }
    }
    return false;
}

uint8_t BLEScanner::parseReportByType(const ble_gap_evt_adv_report_t* report, uint8_t type, uint8_t* buffer,
                                      uint8_t size) {
    uint8_t length = 0;
    const uint8_t* field = findField(report, type, length);
    if (field == nullptr) {
        return 0;
    }
    const uint8_t copied = length < size ? length : size;
    memcpy(buffer, field, copied);
    return copied;
}
