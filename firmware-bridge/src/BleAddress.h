#pragma once

#include <stddef.h>
#include <stdint.h>

/// A BLE device address, stored most significant byte first (the order it is printed in).
/// The protocol names devices only by this text, so parsing and printing live together.
class BleAddress {
public:
    static const size_t kByteCount = 6;
    /// `XX:XX:XX:XX:XX:XX`
    static const size_t kTextLength = 17;

    BleAddress();
    explicit BleAddress(const uint8_t (&bytes)[kByteCount]);

    /// Accepts exactly six hex pairs separated by `:` (either case); anything else leaves `out` alone.
    static bool parse(const char* text, size_t length, BleAddress& out);

    /// Writes upper-case text and a terminating NUL.
    void format(char (&out)[kTextLength + 1]) const;

    const uint8_t* bytes() const { return bytes_; }

    bool operator==(const BleAddress& other) const;
    bool operator!=(const BleAddress& other) const { return !(*this == other); }

private:
    uint8_t bytes_[kByteCount];
};
