#include <bluefruit.h>

// The Nordic UART Service, least significant byte first.
const uint8_t BLEUART_UUID_SERVICE[16] = {0x9E, 0xCA, 0xDC, 0x24, 0x0E, 0xE5, 0xA9, 0xE0,
                                          0x93, 0xF3, 0xA3, 0xB5, 0x01, 0x00, 0x40, 0x6E};
const uint8_t BLEUART_UUID_CHR_RXD[16] = {0x9E, 0xCA, 0xDC, 0x24, 0x0E, 0xE5, 0xA9, 0xE0,
                                          0x93, 0xF3, 0xA3, 0xB5, 0x02, 0x00, 0x40, 0x6E};
const uint8_t BLEUART_UUID_CHR_TXD[16] = {0x9E, 0xCA, 0xDC, 0x24, 0x0E, 0xE5, 0xA9, 0xE0,
                                          0x93, 0xF3, 0xA3, 0xB5, 0x03, 0x00, 0x40, 0x6E};

BLEUuid::BLEUuid() : is128_(false), uuid16_(0) {
    memset(uuid128_, 0, sizeof(uuid128_));
}

BLEUuid::BLEUuid(uint16_t uuid16) : is128_(false), uuid16_(uuid16) {
    memset(uuid128_, 0, sizeof(uuid128_));
}

BLEUuid::BLEUuid(const uint8_t (&uuid128)[16]) : is128_(true), uuid16_(0) {
    memcpy(uuid128_, uuid128, sizeof(uuid128_));
}

bool BLEUuid::operator==(const BLEUuid& other) const {
    return is128_ == other.is128_ && uuid16_ == other.uuid16_ && memcmp(uuid128_, other.uuid128_, sizeof(uuid128_)) == 0;
}
