#include "LineAssembler.h"

namespace {

const uint8_t kTerminator = '\n';

}  // namespace

LineAssembler::LineAssembler() : length_(0), complete_(false), discarding_(false) {}

LineAssembler::Result LineAssembler::push(uint8_t byte) {
    if (complete_) {
        length_ = 0;
        complete_ = false;
    }
    if (discarding_) {
        if (byte == kTerminator) {
            discarding_ = false;
        }
        return Result::Pending;
    }
    if (byte == kTerminator) {
        buffer_[length_] = static_cast<char>(kTerminator);
        complete_ = true;
        return Result::Line;
    }
    if (length_ == BridgeConfig::kMaxLineLength) {
        length_ = 0;
        discarding_ = true;
        return Result::Overflow;
    }
    buffer_[length_++] = static_cast<char>(byte);
    return Result::Pending;
}

void LineAssembler::reset() {
    length_ = 0;
    complete_ = false;
    discarding_ = false;
}

void LineAssembler::resync() {
    reset();
    discarding_ = true;
}
