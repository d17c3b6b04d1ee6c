#pragma once

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "DfuFaults.h"

/// The Adafruit nRF52 bootloader's serial DFU (SDK 11 `hci_transport.c`, `hci_slip.c`,
/// `dfu_transport_serial.c`, `dfu_single_bank.c`, Adafruit's `dfu_init.c`) as bytes in, bytes out:
/// SLIP frames; a reliable vendor-specific HCI packet with the expected sequence number, a good
/// header checksum and CRC16 is acknowledged with the next expected number; one with another
/// sequence number is answered with the current one; a bad one is discarded silently. The DFU
/// packets inside: start (application only), init (device type 0x0052, the image's CRC16), data,
/// stop. No I/O: the caller moves the bytes.
class FakeBootloader {
public:
    enum class Outcome {
        /// Still in DFU mode.
        Running,
        /// The stop packet came and the image's CRC16 matched the init packet's: `image()` is final.
        Complete,
        /// The `vanish` fault fired.
        Vanish,
        /// A packet the real bootloader answers with its error handler, which resets the chip.
        Reset,
    };

    explicit FakeBootloader(const DfuFaults& faults);

    /// Feeds bytes from the host; appends the bootloader's answers to `reply`.
    Outcome receive(const uint8_t* data, size_t length, std::vector<uint8_t>& reply);
    /// The host closed the port: a `silent` bootloader comes back as after a replug.
    void hostClosed();

    const std::vector<uint8_t>& image() const { return image_; }
    uint32_t applicationVersion() const { return applicationVersion_; }

private:
    enum class State { Idle, Started, Receiving };

    Outcome frame(std::vector<uint8_t>& reply);
    Outcome packet(const uint8_t* payload, size_t length);
    Outcome start(const uint8_t* payload, size_t length);
    Outcome init(const uint8_t* payload, size_t length);
    Outcome data(const uint8_t* payload, size_t length);
    Outcome stop();
    void acknowledge(std::vector<uint8_t>& reply) const;

    DfuFaults faults_;
    bool silent_;
    std::vector<uint8_t> frame_;
    bool escaped_;
    bool frameBroken_;
    uint8_t expected_;
    uint32_t accepted_;
    State state_;
    uint32_t imageSize_;
    uint16_t imageCrc_;
    uint32_t applicationVersion_;
    std::vector<uint8_t> image_;
};
