#pragma once

#include <stddef.h>
#include <stdint.h>

/// One device advertising near the bridge, and the payloads it sends: an advertising packet and,
/// to an active scanner, a scan response, each a list of AD structures of at most 31 bytes.
struct Advertiser {
    /// Least significant byte first, as on air.
    uint8_t address[6];
    uint8_t addressType;
    int8_t rssi;
    /// Bounded: a legacy advert has room for 29 bytes of name.
    char name[30];
    bool hasNus;
    /// The name goes in the scan response (as a Bluefruit peripheral sends it), not the advert.
    bool nameInScanResponse;
    bool connectable;
    uint32_t intervalMs;
    uint32_t nextMs;

    /// `text` is MSB-first "AA:BB:CC:DD:EE:FF".
    static Advertiser make(const char* text, uint8_t addressType, int8_t rssi, const char* name, bool hasNus,
                           bool nameInScanResponse, uint32_t intervalMs);
    /// Writes the packet into `out` (31 bytes); returns its length.
    size_t payload(bool scanResponse, uint8_t* out) const;
    bool sameAddress(const uint8_t* littleEndian, uint8_t type) const;
};
