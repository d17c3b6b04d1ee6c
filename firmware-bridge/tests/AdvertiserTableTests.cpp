#include <string>

#include "../src/AdvertiserTable.h"
#include "TestHarness.h"

namespace {

BleAddress address(uint8_t last) {
    const uint8_t bytes[BleAddress::kByteCount] = {0xC0, 0xFF, 0xEE, 0x00, 0x00, last};
    return BleAddress(bytes);
}

bool observe(AdvertiserTable& table, uint8_t last, const std::string& name, bool hasNus) {
    return table.observe(address(last), name.data(), name.size(), hasNus) != nullptr;
}

}  // namespace

TEST(advertiserMatchesUuidAndNameFromSeparateReports) {
    AdvertiserTable table;
    CHECK(!observe(table, 1, "", true));
    CHECK(observe(table, 1, "_GRIPFIT", false));
    CHECK(observe(table, 1, "", true));
}

TEST(advertiserNeedsBothUuidAndName) {
    AdvertiserTable table;
    CHECK(!observe(table, 1, "_GRIPFIT", false));
    CHECK(!observe(table, 2, "Nordic_UART", true));
    CHECK(!observe(table, 3, "_GRIPFI", true));
    CHECK(observe(table, 4, "Lab bench _GRIPFIT, left", true));
}

TEST(advertiserTableForgetsTheOldestWhenFull) {
    AdvertiserTable table;
    observe(table, 0, "", true);
    for (uint8_t i = 1; i <= AdvertiserTable::kCapacity; ++i) {
        observe(table, i, "", true);
    }
    CHECK(!observe(table, 0, "_GRIPFIT", false));
    CHECK(observe(table, AdvertiserTable::kCapacity, "_GRIPFIT", false));
}

TEST(advertiserTableClearForgetsEverything) {
    AdvertiserTable table;
    observe(table, 1, "", true);
    table.clear();
    CHECK(!observe(table, 1, "_GRIPFIT", false));
}
