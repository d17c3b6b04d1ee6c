#include "FakeBootloader.h"

#include <stdio.h>
#include <string.h>

namespace {

const uint8_t kSlipEnd = 0xC0;
const uint8_t kSlipEscape = 0xDB;
const uint8_t kSlipEscapedEnd = 0xDC;
const uint8_t kSlipEscapedEscape = 0xDD;
const size_t kHeaderSize = 4;
const size_t kCrcSize = 2;
const uint8_t kVendorSpecific = 14;
const uint8_t kDataIntegrity = 1 << 6;
const uint8_t kReliable = 1 << 7;
// Room for a 512-byte data packet and its framing; the bootloader's HCI RX buffer is of this order.
const size_t kMaxFrame = 1024;

const uint32_t kInitPacket = 1;
const uint32_t kStartPacket = 3;
const uint32_t kDataPacket = 4;
const uint32_t kStopPacket = 5;
const uint32_t kModeApplication = 4;
const uint16_t kAdafruitDeviceType = 0x0052;
// The nRF52840's application area with S140 6.1.1 and the bootloader: 0x26000 to 0xED000.
const uint32_t kMaxApplicationSize = 0xED000 - 0x26000;

// CRC-16/CCITT-FALSE, as the SDK's crc16_compute with no initial value.
uint16_t crc16(const uint8_t* data, size_t length) {
    uint16_t crc = 0xFFFF;
    for (size_t i = 0; i < length; ++i) {
        crc = static_cast<uint16_t>((crc >> 8) | (crc << 8));
        crc ^= data[i];
        crc ^= static_cast<uint16_t>((crc & 0xFF) >> 4);
        crc ^= static_cast<uint16_t>(crc << 12);
        crc ^= static_cast<uint16_t>((crc & 0xFF) << 5);
    }
    return crc;
}

uint32_t le32(const uint8_t* bytes) {
    return static_cast<uint32_t>(bytes[0]) | static_cast<uint32_t>(bytes[1]) << 8 | static_cast<uint32_t>(bytes[2]) << 16 |
           static_cast<uint32_t>(bytes[3]) << 24;
}

uint16_t le16(const uint8_t* bytes) { return static_cast<uint16_t>(bytes[0] | bytes[1] << 8); }

}  // namespace

FakeBootloader::FakeBootloader(const DfuFaults& faults)
    : faults_(faults),
      silent_(false),
      escaped_(false),
      frameBroken_(false),
      expected_(1),
      accepted_(0),
      state_(State::Idle),
      imageSize_(0),
      imageCrc_(0),
      applicationVersion_(0) {}

void FakeBootloader::hostClosed() {
    if (silent_) {
        // A bootloader that stopped answering is reset by the replug the host asks for; the fake
        // comes back at once, in DFU mode (the application area is erased), its count from 1.
        fprintf(stderr, "fake bootloader: the host closed the port; back as after a replug\n");
        expected_ = 1;
        accepted_ = 0;
        state_ = State::Idle;
        image_.clear();
    }
    silent_ = false;
    frame_.clear();
    escaped_ = false;
    frameBroken_ = false;
}

FakeBootloader::Outcome FakeBootloader::receive(const uint8_t* data, size_t length, std::vector<uint8_t>& reply) {
    for (size_t i = 0; i < length; ++i) {
        const uint8_t byte = data[i];
        if (silent_) {
            continue;
        }
        if (byte == kSlipEnd) {
            Outcome outcome = Outcome::Running;
            if (!frame_.empty() && !frameBroken_) {
                outcome = frame(reply);
            }
            frame_.clear();
            escaped_ = false;
            frameBroken_ = false;
            if (outcome != Outcome::Running) {
                return outcome;
            }
            continue;
        }
        if (escaped_) {
            escaped_ = false;
            if (byte == kSlipEscapedEnd) {
                frame_.push_back(kSlipEnd);
            } else if (byte == kSlipEscapedEscape) {
                frame_.push_back(kSlipEscape);
            } else {
                frameBroken_ = true;
            }
        } else if (byte == kSlipEscape) {
            escaped_ = true;
        } else {
            frame_.push_back(byte);
        }
        if (frame_.size() > kMaxFrame) {
            frameBroken_ = true;
            frame_.clear();
        }
    }
    return Outcome::Running;
}

FakeBootloader::Outcome FakeBootloader::frame(std::vector<uint8_t>& reply) {
    const uint8_t* bytes = frame_.data();
    const size_t length = frame_.size();
    if (length <= kHeaderSize + kCrcSize || !(bytes[0] & kDataIntegrity) || !(bytes[0] & kReliable) ||
        (bytes[1] & 0x0F) != kVendorSpecific || static_cast<uint8_t>(bytes[0] + bytes[1] + bytes[2] + bytes[3]) != 0 ||
        crc16(bytes, length - kCrcSize) != le16(bytes + length - kCrcSize)) {
        fprintf(stderr, "fake bootloader: discarded a bad frame of %zu bytes\n", length);
        return Outcome::Running;
    }
    if ((bytes[0] & 0x07) != expected_) {
        acknowledge(reply);
        return Outcome::Running;
    }
    const uint32_t number = accepted_ + 1;
    if (faults_.vanish == number) {
        fprintf(stderr, "fake bootloader: fault vanish at packet %u\n", number);
        return Outcome::Vanish;
    }
    if (faults_.silent == number) {
        faults_.silent = 0;
        silent_ = true;
        fprintf(stderr, "fake bootloader: fault silent from packet %u\n", number);
        return Outcome::Running;
    }
    if (faults_.drop == number) {
        faults_.drop = 0;
        fprintf(stderr, "fake bootloader: fault drop of packet %u\n", number);
        return Outcome::Running;
    }
    if (faults_.nak == number) {
        faults_.nak = 0;
        fprintf(stderr, "fake bootloader: fault nak of packet %u\n", number);
        acknowledge(reply);
        return Outcome::Running;
    }
    accepted_ = number;
    expected_ = (expected_ + 1) & 0x07;
    acknowledge(reply);
    return packet(bytes + kHeaderSize, length - kHeaderSize - kCrcSize);
}

void FakeBootloader::acknowledge(std::vector<uint8_t>& reply) const {
    const uint8_t header[kHeaderSize] = {static_cast<uint8_t>(expected_ << 3), 0, 0,
                                         static_cast<uint8_t>(0x100 - (expected_ << 3))};
    reply.push_back(kSlipEnd);
    for (uint8_t byte : header) {
        if (byte == kSlipEnd) {
            reply.push_back(kSlipEscape);
            reply.push_back(kSlipEscapedEnd);
        } else if (byte == kSlipEscape) {
            reply.push_back(kSlipEscape);
            reply.push_back(kSlipEscapedEscape);
        } else {
            reply.push_back(byte);
        }
    }
    reply.push_back(kSlipEnd);
}

FakeBootloader::Outcome FakeBootloader::packet(const uint8_t* payload, size_t length) {
    if (length < 4) {
        fprintf(stderr, "fake bootloader: a DFU packet of %zu bytes has no type\n", length);
        return Outcome::Reset;
    }
    switch (le32(payload)) {
        case kStartPacket:
            return start(payload + 4, length - 4);
        case kInitPacket:
            return init(payload + 4, length - 4);
        case kDataPacket:
            return data(payload + 4, length - 4);
        case kStopPacket:
            return stop();
        default:
            fprintf(stderr, "fake bootloader: unknown DFU packet type %u\n", le32(payload));
            return Outcome::Running;
    }
}

FakeBootloader::Outcome FakeBootloader::start(const uint8_t* payload, size_t length) {
    if (state_ != State::Idle) {
        // The real bootloader's dfu_start_pkt_handle returns NRF_ERROR_INVALID_STATE here and its
        // error handler resets the chip, which comes back in DFU mode (the application is erased).
        // The fake starts over at once, as the bootloader would after that reset.
        fprintf(stderr, "fake bootloader: start packet in the middle of a transfer: starting over\n");
        state_ = State::Idle;
        image_.clear();
    }
    if (length < 16) {
        fprintf(stderr, "fake bootloader: start packet of %zu bytes\n", length);
        return Outcome::Reset;
    }
    const uint32_t mode = le32(payload);
    const uint32_t softDevice = le32(payload + 4);
    const uint32_t bootloader = le32(payload + 8);
    const uint32_t application = le32(payload + 12);
    if (mode != kModeApplication || softDevice != 0 || bootloader != 0) {
        fprintf(stderr, "fake bootloader: only application updates are faked (mode %u)\n", mode);
        return Outcome::Reset;
    }
    if (application % 4 != 0 || application == 0 || application > kMaxApplicationSize) {
        fprintf(stderr, "fake bootloader: application size %u is not a word-sized image that fits\n", application);
        return Outcome::Reset;
    }
    imageSize_ = application;
    state_ = State::Started;
    fprintf(stderr, "fake bootloader: start, application of %u bytes; application area erased\n", application);
    return Outcome::Running;
}

FakeBootloader::Outcome FakeBootloader::init(const uint8_t* payload, size_t length) {
    if (state_ != State::Started) {
        fprintf(stderr, "fake bootloader: init packet before a start packet\n");
        return Outcome::Reset;
    }
    // device_type, device_rev, application_version, softdevice_len, softdevice[], then the
    // extended part: the image's CRC16 first.
    if (length < 10) {
        fprintf(stderr, "fake bootloader: init packet of %zu bytes\n", length);
        return Outcome::Reset;
    }
    const uint16_t deviceType = le16(payload);
    const uint16_t softDevices = le16(payload + 8);
    const size_t extended = 10 + 2 * static_cast<size_t>(softDevices);
    if (length < extended + 2) {
        fprintf(stderr, "fake bootloader: init packet of %zu bytes has no CRC16\n", length);
        return Outcome::Reset;
    }
    if (deviceType != kAdafruitDeviceType) {
        fprintf(stderr, "fake bootloader: device type 0x%04x is not 0x%04x\n", deviceType, kAdafruitDeviceType);
        return Outcome::Reset;
    }
    applicationVersion_ = le32(payload + 4);
    imageCrc_ = le16(payload + extended);
    image_.clear();
    state_ = State::Receiving;
    fprintf(stderr, "fake bootloader: init, application version %u, CRC16 0x%04x\n", applicationVersion_, imageCrc_);
    return Outcome::Running;
}

FakeBootloader::Outcome FakeBootloader::data(const uint8_t* payload, size_t length) {
    if (state_ != State::Receiving) {
        fprintf(stderr, "fake bootloader: data packet before the init packet\n");
        return Outcome::Running;
    }
    // The bootloader counts data in words: a ragged tail is not written.
    const size_t words = length / 4 * 4;
    if (image_.size() + words > imageSize_) {
        fprintf(stderr, "fake bootloader: more data than the %u bytes announced\n", imageSize_);
        return Outcome::Reset;
    }
    image_.insert(image_.end(), payload, payload + words);
    return Outcome::Running;
}

FakeBootloader::Outcome FakeBootloader::stop() {
    if (state_ != State::Receiving || image_.size() != imageSize_) {
        fprintf(stderr, "fake bootloader: stop packet with %zu of %u bytes\n", image_.size(), imageSize_);
        state_ = State::Idle;
        return Outcome::Running;
    }
    const uint16_t crc = crc16(image_.data(), image_.size());
    if (crc != imageCrc_) {
        fprintf(stderr, "fake bootloader: image CRC16 0x%04x is not the init packet's 0x%04x\n", crc, imageCrc_);
        state_ = State::Idle;
        return Outcome::Running;
    }
    fprintf(stderr, "fake bootloader: stop, %zu bytes, CRC16 matches\n", image_.size());
    return Outcome::Complete;
}
