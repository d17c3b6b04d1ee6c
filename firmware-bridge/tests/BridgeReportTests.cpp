#include <string>

#include "../src/BridgeReport.h"
#include "TestHarness.h"

namespace {

const uint8_t kAddressBytes[BleAddress::kByteCount] = {0xC0, 0xFF, 0xEE, 0x12, 0x34, 0x56};

std::string str(const TextLine& line) {
    return std::string(line.data(), line.length());
}

}  // namespace

TEST(reportKeepsUntrustedNamesOnOneLine) {
    const std::string name = "evil\nB:CONNECTED\r\x7f";
    const TextLine line = BridgeReport::found(BleAddress(kAddressBytes), -100, name.data(), name.size());
    CHECK_EQ(str(line), std::string("B:FOUND,C0:FF:EE:12:34:56,-100,evil?B:CONNECTED??"));
}

TEST(reportKeepsUtf8Names) {
    const std::string name = "Gr\xc3\xb6\xc3\x9f" "e _GRIPFIT";
    const TextLine line = BridgeReport::found(BleAddress(kAddressBytes), 0, name.data(), name.size());
    CHECK_EQ(str(line), "B:FOUND,C0:FF:EE:12:34:56,0," + name);
}

TEST(reportPrintsHciCodesAsUpperCaseHex) {
    const TextLine line = BridgeReport::disconnected(BleAddress(kAddressBytes), DisconnectReason::hci(0x3e));
    CHECK_EQ(str(line), std::string("B:DISCONNECTED,C0:FF:EE:12:34:56,0x3E"));
}

TEST(textLineTruncatesButStaysTerminated) {
    TextLine line;
    line.append(std::string(TextLine::kCapacity + 10, 'x').c_str());
    CHECK(line.truncated());
    CHECK_EQ(line.length(), TextLine::kCapacity);
    line.terminate();
    CHECK_EQ(line.length(), TextLine::kCapacity + 1);
    CHECK_EQ(line.data()[TextLine::kCapacity], '\n');
}

TEST(textLinePrintsExtremeDecimals) {
    TextLine line;
    line.appendDecimal(INT32_MIN).append(' ').appendDecimal(INT32_MAX).append(' ').appendDecimal(0);
    CHECK_EQ(str(line), std::string("-2147483648 2147483647 0"));
}
