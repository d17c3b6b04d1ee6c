#pragma once

#include <stddef.h>
#include <stdint.h>

#include "BleAddress.h"

/// A bounded text builder for one outgoing line. Appending past the capacity drops the excess and
/// sets `truncated()`, so a line can never outgrow its buffer whatever the input.
class TextLine {
public:
    /// Room for the longest bridge line: a 128-byte echoed detail plus its prefix and `\n`.
    static const size_t kCapacity = 192;

    TextLine();

    TextLine& append(const char* text);
    TextLine& append(const char* text, size_t length);
    TextLine& append(char c);
    /// For untrusted text (advertised names, host input): control characters become `?` so the
    /// text cannot end or split the line it is embedded in.
    TextLine& appendPrintable(const char* text, size_t length);
    TextLine& appendDecimal(int32_t value);
    /// `0xNN`, upper-case, as the protocol prints HCI codes.
    TextLine& appendHexByte(uint8_t value);
    TextLine& appendAddress(const BleAddress& address);
    /// Ends the line with `\n`, which always fits (its byte is reserved), so a line handed on is
    /// always whole even when its text was truncated.
    TextLine& terminate();

    const char* data() const { return buffer_; }
    size_t length() const { return length_; }
    bool truncated() const { return truncated_; }

private:
    char buffer_[kCapacity + 2];
    size_t length_;
    bool truncated_;
};
