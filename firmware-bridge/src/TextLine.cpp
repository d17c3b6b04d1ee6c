#include "TextLine.h"

#include <string.h>

namespace {

const char kReplacement = '?';
const unsigned char kFirstPrintable = 0x20;
const unsigned char kDelete = 0x7F;
/// "-2147483648" plus NUL.
const size_t kDecimalDigitsMax = 12;

}  // namespace

const size_t TextLine::kCapacity;

TextLine::TextLine() : length_(0), truncated_(false) {
    buffer_[0] = '\0';
}

TextLine& TextLine::append(const char* text) {
    return append(text, strlen(text));
}

TextLine& TextLine::append(const char* text, size_t length) {
    for (size_t i = 0; i < length; ++i) {
        append(text[i]);
    }
    return *this;
}

TextLine& TextLine::append(char c) {
    if (length_ < kCapacity) {
        buffer_[length_++] = c;
        buffer_[length_] = '\0';
    } else {
        truncated_ = true;
    }
    return *this;
}

TextLine& TextLine::appendPrintable(const char* text, size_t length) {
    for (size_t i = 0; i < length; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const bool control = c < kFirstPrintable || c == kDelete;
        append(control ? kReplacement : text[i]);
    }
    return *this;
}

TextLine& TextLine::appendDecimal(int32_t value) {
    char digits[kDecimalDigitsMax];
    size_t count = 0;
    // Work in negative numbers so INT32_MIN needs no special case.
    int32_t rest = value < 0 ? value : -value;
    do {
        digits[count++] = static_cast<char>('0' - rest % 10);
        rest /= 10;
    } while (rest != 0);
    if (value < 0) {
        append('-');
    }
    while (count > 0) {
        append(digits[--count]);
    }
    return *this;
}

TextLine& TextLine::appendHexByte(uint8_t value) {
    static const char kHexDigits[] = "0123456789ABCDEF";
    append("0x");
    append(kHexDigits[value >> 4]);
    return append(kHexDigits[value & 0x0F]);
}

TextLine& TextLine::appendAddress(const BleAddress& address) {
    char text[BleAddress::kTextLength + 1];
    address.format(text);
    return append(text, BleAddress::kTextLength);
}

TextLine& TextLine::terminate() {
    if (length_ <= kCapacity) {
        buffer_[length_++] = '\n';
        buffer_[length_] = '\0';
    }
    return *this;
}
