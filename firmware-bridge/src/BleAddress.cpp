#include "BleAddress.h"

#include <string.h>

namespace {

const char kHexDigits[] = "0123456789ABCDEF";
const char kSeparator = ':';

int hexValue(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1;
}

}  // namespace

const size_t BleAddress::kByteCount;
const size_t BleAddress::kTextLength;

BleAddress::BleAddress() {
    memset(bytes_, 0, sizeof(bytes_));
}

BleAddress::BleAddress(const uint8_t (&bytes)[kByteCount]) {
    memcpy(bytes_, bytes, sizeof(bytes_));
}

bool BleAddress::parse(const char* text, size_t length, BleAddress& out) {
    if (text == nullptr || length != kTextLength) {
        return false;
    }
    uint8_t parsed[kByteCount];
    for (size_t i = 0; i < kByteCount; ++i) {
        const char* pair = text + i * 3;
        if (i > 0 && pair[-1] != kSeparator) {
            return false;
        }
        const int high = hexValue(pair[0]);
        const int low = hexValue(pair[1]);
        if (high < 0 || low < 0) {
            return false;
        }
        parsed[i] = static_cast<uint8_t>(high * 16 + low);
    }
    out = BleAddress(parsed);
    return true;
}

void BleAddress::format(char (&out)[kTextLength + 1]) const {
    size_t at = 0;
    for (size_t i = 0; i < kByteCount; ++i) {
        if (i > 0) {
            out[at++] = kSeparator;
        }
        out[at++] = kHexDigits[bytes_[i] >> 4];
        out[at++] = kHexDigits[bytes_[i] & 0x0F];
    }
    out[at] = '\0';
}

bool BleAddress::operator==(const BleAddress& other) const {
    return memcmp(bytes_, other.bytes_, sizeof(bytes_)) == 0;
}
