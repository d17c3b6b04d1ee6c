#include "Advertiser.h"

#include <stdio.h>
#include <string.h>

#include <bluefruit.h>

Advertiser Advertiser::make(const char* text, uint8_t addressType, int8_t rssi, const char* name, bool hasNus,
                            bool nameInScanResponse, uint32_t intervalMs) {
    Advertiser advertiser;
    memset(&advertiser, 0, sizeof(advertiser));
    unsigned bytes[6] = {0, 0, 0, 0, 0, 0};
    sscanf(text, "%x:%x:%x:%x:%x:%x", &bytes[0], &bytes[1], &bytes[2], &bytes[3], &bytes[4], &bytes[5]);
    for (size_t i = 0; i < 6; ++i) {
        advertiser.address[i] = static_cast<uint8_t>(bytes[5 - i]);
    }
    advertiser.addressType = addressType;
    advertiser.rssi = rssi;
    snprintf(advertiser.name, sizeof(advertiser.name), "%s", name);
    advertiser.hasNus = hasNus;
    advertiser.nameInScanResponse = nameInScanResponse;
    advertiser.connectable = hasNus;
    advertiser.intervalMs = intervalMs;
    return advertiser;
}

size_t Advertiser::payload(bool scanResponse, uint8_t* out) const {
    const size_t kMax = 31;
    size_t length = 0;
    if (!scanResponse) {
        out[length++] = 2;
        out[length++] = BLE_GAP_AD_TYPE_FLAGS;
        out[length++] = 0x06;
        if (hasNus) {
            out[length++] = 17;
            out[length++] = BLE_GAP_AD_TYPE_128BIT_SERVICE_UUID_COMPLETE;
            memcpy(out + length, BLEUART_UUID_SERVICE, 16);
            length += 16;
        }
    }
    if (scanResponse == nameInScanResponse && name[0] != '\0') {
        size_t nameLength = strlen(name);
        if (length + 2 + nameLength > kMax) {
            nameLength = kMax - length - 2;
        }
        out[length++] = static_cast<uint8_t>(nameLength + 1);
        out[length++] = BLE_GAP_AD_TYPE_COMPLETE_LOCAL_NAME;
        memcpy(out + length, name, nameLength);
        length += nameLength;
    }
    return length;
}

bool Advertiser::sameAddress(const uint8_t* littleEndian, uint8_t type) const {
    return type == addressType && memcmp(littleEndian, address, sizeof(address)) == 0;
}
