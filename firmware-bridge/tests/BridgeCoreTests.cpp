#include <string>
#include <vector>

#include "Bench.h"
#include "TestHarness.h"

namespace {

const uint8_t kGripBytes[BleAddress::kByteCount] = {0xC0, 0xFF, 0xEE, 0x12, 0x34, 0x56};
const uint8_t kOtherBytes[BleAddress::kByteCount] = {0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x01};
const BleAddress kGrip(kGripBytes);
const BleAddress kOther(kOtherBytes);
/// NUS payload at the default ATT MTU.
const size_t kNotifyPayload = 20;

/// Only the lines written to USB, in order.
Log usbLines(const Log& log) {
    Log lines;
    for (const std::string& entry : log) {
        if (entry.compare(0, 2, "B:") == 0 || entry.compare(0, 2, "R:") == 0 || entry.compare(0, 2, "S:") == 0 ||
            entry.compare(0, 2, "D:") == 0 || entry.compare(0, 6, "BROKEN") == 0) {
            lines.push_back(entry);
        }
    }
    return lines;
}

/// A bench that has begun scanning, log cleared.
struct Scanning : Bench {
    explicit Scanning(const BleAddress* pin = nullptr) {
        begin(pin);
        take();
    }
};

}  // namespace

TEST(coreStartsScanning) {
    Bench bench;
    bench.begin();
    CHECK_EQ(bench.take(), (Log{"scan", "led searching", "B:SCANNING"}));
    CHECK(bench.core.linkState() == LinkState::Scanning);
}

TEST(coreConnectsToTheFirstGripFitAndEnablesNus) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true, -54);
    CHECK_EQ(bench.take(),
             (Log{"B:FOUND,C0:FF:EE:12:34:56,-54,_GRIPFIT", "stop-scan", "connect C0:FF:EE:12:34:56",
                  "B:CONNECTING,C0:FF:EE:12:34:56"}));
    bench.core.connected(kGrip);
    CHECK_EQ(bench.take(), (Log{"discover"}));
    bench.core.discovered(true);
    CHECK_EQ(bench.take(), (Log{"subscribe"}));
    bench.core.subscribed(WriteOutcome::ok());
    CHECK_EQ(bench.take(), (Log{"led connected", "B:CONNECTED,C0:FF:EE:12:34:56"}));
    CHECK(bench.core.linkState() == LinkState::Connected);
}

TEST(coreConfirmsTheGripFitName) {
    Scanning bench;
    bench.advertise(kOther, "Nordic_UART", true);
    bench.advertise(kOther, "", true);
    bench.advertise(kGrip, "_GRIPFIT", false);
    CHECK_EQ(bench.take(), Log{});
    // Bluefruit peripherals put the UUID in the advertising packet and the name in the scan response.
    bench.advertise(kGrip, "", true);
    CHECK_EQ(usbLines(bench.take()),
             (Log{"B:FOUND,C0:FF:EE:12:34:56,-60,_GRIPFIT", "B:CONNECTING,C0:FF:EE:12:34:56"}));
}

TEST(coreRelaysDeviceLinesFragmentedAcrossNotifications) {
    Scanning bench;
    bench.connectTo(kGrip);
    const std::string stream = "D:GRIPFIT,1.0\nS:READY\nR:123456\nR:-8388608\nR:8388607\nS:RATE:50\nR:0\n";
    for (size_t at = 0; at < stream.size(); at += kNotifyPayload) {
        bench.notify(stream.substr(at, kNotifyPayload));
    }
    CHECK_EQ(bench.take(),
             (Log{"D:GRIPFIT,1.0", "S:READY", "R:123456", "R:-8388608", "R:8388607", "S:RATE:50", "R:0"}));
}

TEST(coreRelaysDeviceLinesWhateverTheChunking) {
    const std::string stream = "D:GRIPFIT,1.0\r\nR:1\nR:22\nS:PONG\nR:-333\n";
    const Log expected = {"D:GRIPFIT,1.0\r", "R:1", "R:22", "S:PONG", "R:-333"};
    // A fixed linear congruential generator: random-looking chunk sizes, same every run.
    uint32_t state = 12345;
    for (int round = 0; round < 200; ++round) {
        Scanning bench;
        bench.connectTo(kGrip);
        size_t at = 0;
        while (at < stream.size()) {
            state = state * 1103515245u + 12345u;
            const size_t chunk = 1 + (state >> 16) % kNotifyPayload;
            bench.notify(stream.substr(at, chunk));
            at += chunk;
        }
        CHECK_EQ(bench.take(), expected);
    }
}

TEST(coreNeverWritesBridgeLinesInsideADeviceLine) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.notify("R:1234");
    bench.host("BRIDGE:INFO\n");
    bench.core.dtrRaised();
    bench.host("HELLO\n");
    bench.notify("56\n");
    CHECK_EQ(bench.take(),
             (Log{"B:BRIDGE,1.0.0", "B:BRIDGE,1.0.0", "B:ERROR,UNKNOWN_COMMAND", "R:123456"}));
}

TEST(coreDropsAnOverlongDeviceLineOnce) {
    Scanning bench;
    bench.connectTo(kGrip);
    const std::string longLine = "R:" + std::string(300, '9') + "\n";
    for (size_t at = 0; at < longLine.size(); at += kNotifyPayload) {
        bench.notify(longLine.substr(at, kNotifyPayload));
    }
    bench.notify("R:1\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,LINE_TOO_LONG", "R:1"}));
}

TEST(coreDropsAnOverlongHostLineOnce) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("CMD:" + std::string(200, 'A') + "\n");
    bench.host("CMD:PING\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,LINE_TOO_LONG", "write CMD:PING\n"}));
}

TEST(coreDropsAPartialLineOnDisconnect) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.notify("R:12");
    bench.core.disconnected(0x08);
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,0x08", "led searching"}));
    bench.advance(1000);
    CHECK_EQ(bench.take(), (Log{"connect C0:FF:EE:12:34:56", "B:CONNECTING,C0:FF:EE:12:34:56"}));
    bench.core.connected(kGrip);
    bench.core.discovered(true);
    bench.core.subscribed(WriteOutcome::ok());
    bench.take();
    bench.notify("34\nR:99\n");
    CHECK_EQ(bench.take(), (Log{"34", "R:99"}));
}

TEST(coreIgnoresDeviceLinesThatImitateTheBridge) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.notify("B:CONNECTED,00:00:00:00:00:00\n\nR:1\n");
    CHECK_EQ(bench.take(), (Log{"R:1"}));
}

TEST(coreRejectsUnknownCommandsAndIgnoresItsOwnEcho) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("HELLO\nS:PONG\r\nR:123\nB:ERROR,UNKNOWN_COMMAND\n\nBRIDGE:REBOOT\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,UNKNOWN_COMMAND", "B:ERROR,UNKNOWN_COMMAND", "B:ERROR,UNKNOWN_COMMAND",
                                "B:ERROR,UNKNOWN_COMMAND"}));
}

TEST(coreAnswersNotConnectedWithoutALink) {
    Scanning bench;
    bench.host("CMD:TARE\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,NOT_CONNECTED"}));
    bench.host("BRIDGE:DISCONNECT\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,NOT_CONNECTED"}));
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.take();
    bench.host("CMD:TARE\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,NOT_CONNECTED"}));
}

TEST(coreWritesOneCommandAtATimeAndReportsFailures) {
    Scanning bench;
    bench.connectTo(kGrip);
    const std::string input = "CMD:PING\r\nCMD:TARE\n";
    const size_t consumed = bench.host(input);
    CHECK_EQ(consumed, std::string("CMD:PING\r\n").size());
    CHECK(!bench.core.acceptsHostBytes());
    CHECK_EQ(bench.take(), (Log{"write CMD:PING\n"}));
    bench.core.writeResult(WriteOutcome::notSent());
    CHECK_EQ(bench.take(), (Log{"B:ERROR,WRITE_FAILED"}));
    CHECK(bench.core.acceptsHostBytes());
    CHECK_EQ(bench.host(input.substr(consumed)), input.size() - consumed);
    bench.core.writeResult(WriteOutcome::ok());
    CHECK_EQ(bench.take(), (Log{"write CMD:TARE\n"}));
}

TEST(coreScansWithBackoffAfterEachEmptyWindow) {
    Scanning bench;
    CHECK_EQ(bench.advanceUntilAction(60000), 10000u);
    CHECK_EQ(bench.take(), (Log{"stop-scan", "B:NOT_FOUND"}));
    const uint32_t expectedWaits[] = {2000, 4000, 8000, 16000, 30000, 30000, 30000};
    for (uint32_t wait : expectedWaits) {
        CHECK_EQ(bench.advanceUntilAction(60000), wait);
        CHECK_EQ(bench.take(), (Log{"scan", "B:SCANNING"}));
        CHECK_EQ(bench.advanceUntilAction(60000), 10000u);
        CHECK_EQ(bench.take(), (Log{"stop-scan", "B:NOT_FOUND"}));
    }
}

TEST(coreStatusIsIdleBetweenScans) {
    Scanning bench;
    bench.advance(10000);
    bench.take();
    bench.host("BRIDGE:STATUS\n");
    CHECK_EQ(bench.take(), (Log{"B:STATUS,IDLE"}));
    bench.host("BRIDGE:SCAN\n");
    bench.host("BRIDGE:STATUS\n");
    CHECK_EQ(bench.take(), (Log{"scan", "B:SCANNING", "B:STATUS,SCANNING"}));
}

TEST(coreTimesOutAConnectionAfterFiveSeconds) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.take();
    bench.host("BRIDGE:STATUS\n");
    CHECK_EQ(bench.take(), (Log{"B:STATUS,CONNECTING,C0:FF:EE:12:34:56"}));
    CHECK_EQ(bench.advanceUntilAction(60000), 5000u);
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,TIMEOUT", "disconnect"}));
}

TEST(coreTimeoutCoversDiscoveryToo) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.advance(4000);
    bench.core.connected(kGrip);
    bench.take();
    CHECK_EQ(bench.advanceUntilAction(60000), 1000u);
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,TIMEOUT", "disconnect"}));
    // The link-down event we asked for is not news; the reconnect backoff starts from it.
    bench.advance(500);
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), Log{});
    CHECK_EQ(bench.advanceUntilAction(60000), 1000u);
    CHECK_EQ(bench.take(), (Log{"connect C0:FF:EE:12:34:56", "B:CONNECTING,C0:FF:EE:12:34:56"}));
}

TEST(coreReconnectsWithBackoffUntilALinkHolds) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.core.disconnected(0x08);
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,0x08", "led searching"}));
    const uint32_t expectedWaits[] = {1000, 2000, 4000, 8000, 16000, 30000, 30000};
    for (uint32_t wait : expectedWaits) {
        CHECK_EQ(bench.advanceUntilAction(60000), wait);
        CHECK_EQ(bench.take(), (Log{"connect C0:FF:EE:12:34:56", "B:CONNECTING,C0:FF:EE:12:34:56"}));
        CHECK_EQ(bench.advanceUntilAction(60000), 5000u);
        CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,TIMEOUT", "disconnect"}));
    }
    CHECK_EQ(bench.advanceUntilAction(60000), 30000u);
    bench.core.connected(kGrip);
    bench.core.discovered(true);
    bench.core.subscribed(WriteOutcome::ok());
    bench.core.disconnected(0x13);
    bench.take();
    CHECK_EQ(bench.advanceUntilAction(60000), 1000u);
}

TEST(coreDisconnectsAPeerWithoutNus) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.core.connected(kGrip);
    bench.take();
    bench.core.discovered(false);
    CHECK_EQ(bench.take(), (Log{"B:NOT_RECOGNIZED,C0:FF:EE:12:34:56", "disconnect"}));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), Log{});
    CHECK_EQ(bench.advanceUntilAction(60000), 2000u);
    CHECK_EQ(bench.take(), (Log{"scan", "B:SCANNING"}));
}

TEST(coreMovesOnIfTheRequestedDropNeverComes) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("BRIDGE:SCAN\n");
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,HOST", "disconnect", "led searching"}));
    CHECK_EQ(bench.advanceUntilAction(60000), 3000u);
    CHECK_EQ(bench.take(), (Log{"scan", "B:SCANNING"}));
}

TEST(coreConnectsOnlyToThePinnedAddress) {
    Scanning bench(&kGrip);
    bench.advertise(kOther, "_GRIPFIT", true, -40);
    bench.advertise(kOther, "_GRIPFIT", true, -40);
    CHECK_EQ(bench.take(), (Log{"B:FOUND,DE:AD:BE:EF:00:01,-40,_GRIPFIT"}));
    bench.advertise(kGrip, "_GRIPFIT", true, -80);
    CHECK_EQ(bench.take(), (Log{"B:FOUND,C0:FF:EE:12:34:56,-80,_GRIPFIT", "stop-scan", "connect C0:FF:EE:12:34:56",
                                "B:CONNECTING,C0:FF:EE:12:34:56"}));
}

TEST(corePinCommandIsSavedAndObeyed) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("BRIDGE:PIN,C0:FF:EE:12:34:56\n");
    CHECK_EQ(bench.take(), (Log{"pin C0:FF:EE:12:34:56"}));
    bench.host("BRIDGE:PIN,C0:FF:EE:12:34:56\n");
    CHECK_EQ(bench.take(), Log{});
    bench.host("BRIDGE:PIN,DE:AD:BE:EF:00:01\n");
    CHECK_EQ(bench.take(), (Log{"pin DE:AD:BE:EF:00:01", "B:DISCONNECTED,C0:FF:EE:12:34:56,HOST", "disconnect",
                                "led searching"}));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), (Log{"scan", "B:SCANNING"}));
    bench.advertise(kGrip, "_GRIPFIT", true);
    CHECK_EQ(bench.take(), (Log{"B:FOUND,C0:FF:EE:12:34:56,-60,_GRIPFIT"}));
    bench.host("BRIDGE:PIN,NONE\n");
    CHECK_EQ(bench.take(), (Log{"pin NONE"}));
    bench.advertise(kGrip, "_GRIPFIT", true);
    CHECK_EQ(bench.take(), (Log{"stop-scan", "connect C0:FF:EE:12:34:56", "B:CONNECTING,C0:FF:EE:12:34:56"}));
}

TEST(coreOnlyReportsWithAutoOff) {
    Scanning bench;
    bench.host("BRIDGE:AUTO,OFF\n");
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.advertise(kOther, "_GRIPFIT", true);
    CHECK_EQ(bench.take(),
             (Log{"B:FOUND,C0:FF:EE:12:34:56,-60,_GRIPFIT", "B:FOUND,DE:AD:BE:EF:00:01,-60,_GRIPFIT"}));
    CHECK_EQ(bench.advanceUntilAction(60000), 10000u);
    CHECK_EQ(bench.take(), (Log{"stop-scan"}));
    CHECK_EQ(bench.advanceUntilAction(60000), 2000u);
    CHECK_EQ(bench.take(), (Log{"scan", "B:SCANNING"}));
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.host("BRIDGE:AUTO,ON\n");
    bench.take();
    bench.advertise(kGrip, "_GRIPFIT", true);
    CHECK_EQ(bench.take(), (Log{"stop-scan", "connect C0:FF:EE:12:34:56", "B:CONNECTING,C0:FF:EE:12:34:56"}));
}

TEST(coreWithAutoOffScansInsteadOfReconnecting) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("BRIDGE:AUTO,OFF\n");
    bench.core.disconnected(0x08);
    CHECK_EQ(bench.take(),
             (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,0x08", "scan", "led searching", "B:SCANNING"}));
}

TEST(coreConnectCommandSwitchesPeers) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("BRIDGE:CONNECT,C0:FF:EE:12:34:56\n");
    CHECK_EQ(bench.take(), (Log{"B:CONNECTED,C0:FF:EE:12:34:56"}));
    bench.host("BRIDGE:CONNECT,DE:AD:BE:EF:00:01\n");
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,HOST", "disconnect", "led searching"}));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), (Log{"connect DE:AD:BE:EF:00:01", "B:CONNECTING,DE:AD:BE:EF:00:01"}));
}

TEST(coreConnectCommandToThePeerBeingConnectedKeepsTheAttempt) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.advance(3000);
    bench.take();
    bench.host("BRIDGE:CONNECT,C0:FF:EE:12:34:56\n");
    CHECK_EQ(bench.take(), (Log{"B:CONNECTING,C0:FF:EE:12:34:56"}));
    CHECK_EQ(bench.advanceUntilAction(60000), 2000u);
}

TEST(coreConnectCommandWorksWhileScanning) {
    Scanning bench;
    bench.host("BRIDGE:CONNECT,DE:AD:BE:EF:00:01\n");
    CHECK_EQ(bench.take(), (Log{"stop-scan", "connect DE:AD:BE:EF:00:01", "B:CONNECTING,DE:AD:BE:EF:00:01"}));
}

TEST(coreDisconnectCommandThenReconnects) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("BRIDGE:DISCONNECT\n");
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,HOST", "disconnect", "led searching"}));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), Log{});
    CHECK_EQ(bench.advanceUntilAction(60000), 1000u);
    CHECK_EQ(bench.take(), (Log{"connect C0:FF:EE:12:34:56", "B:CONNECTING,C0:FF:EE:12:34:56"}));
}

TEST(coreDropsALateConnection) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.advance(5000);
    bench.take();
    bench.core.connected(kGrip);
    CHECK_EQ(bench.take(), (Log{"disconnect"}));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), Log{});
}

TEST(coreDropsALinkToAnotherPeerAndKeepsConnecting) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.advance(1000);
    bench.take();
    bench.core.connected(kOther);
    CHECK_EQ(bench.take(), (Log{"disconnect"}));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), Log{});
    CHECK(bench.core.linkState() == LinkState::Connecting);
    CHECK_EQ(bench.advanceUntilAction(60000), 4000u);
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,TIMEOUT", "disconnect"}));
}

TEST(coreSaysHelloWhenThePortOpens) {
    Scanning bench;
    bench.host("BRIDGE:ST");
    bench.core.dtrRaised();
    CHECK_EQ(bench.take(), (Log{"B:BRIDGE,1.0.0"}));
    bench.host("ATUS\nBRIDGE:INFO\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,UNKNOWN_COMMAND", "B:BRIDGE,1.0.0"}));
}

TEST(coreAfterLostNotificationBytesDropsThatLineAndSaysSo) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.notify("R:12");
    bench.core.notifyLost(5);
    bench.notify("34\nR:5\n");
    CHECK_EQ(bench.take(), (Log{"B:ERROR,DATA_LOST,5", "R:5"}));
}

TEST(coreTimersSurviveTheClockWrapping) {
    Bench bench;
    bench.nowMs = 0xFFFFFFFFu - 4000;
    bench.begin();
    bench.take();
    CHECK_EQ(bench.advanceUntilAction(60000), 10000u);
    CHECK_EQ(bench.take(), (Log{"stop-scan", "B:NOT_FOUND"}));
}

TEST(coreSaysConnectedOnlyOnceThePeerConfirmsNotifications) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.core.connected(kGrip);
    bench.core.discovered(true);
    CHECK_EQ(usbLines(bench.take()), (Log{"B:FOUND,C0:FF:EE:12:34:56,-60,_GRIPFIT", "B:CONNECTING,C0:FF:EE:12:34:56"}));
    bench.notify("R:1\n");
    bench.host("BRIDGE:STATUS\nCMD:PING\n");
    CHECK_EQ(bench.take(), (Log{"B:STATUS,CONNECTING,C0:FF:EE:12:34:56", "B:ERROR,NOT_CONNECTED"}));
    bench.core.subscribed(WriteOutcome::ok());
    bench.notify("R:2\n");
    CHECK_EQ(bench.take(), (Log{"led connected", "B:CONNECTED,C0:FF:EE:12:34:56", "R:2"}));
}

TEST(coreRejectsAPeerThatRefusesNotifications) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.core.connected(kGrip);
    bench.core.discovered(true);
    bench.take();
    bench.core.subscribed(WriteOutcome::attError(0x03));
    CHECK_EQ(bench.take(), (Log{"B:NOT_RECOGNIZED,C0:FF:EE:12:34:56", "disconnect"}));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), Log{});
    CHECK_EQ(bench.advanceUntilAction(60000), 2000u);
    CHECK_EQ(bench.take(), (Log{"scan", "B:SCANNING"}));
}

TEST(coreTimesOutAPeerThatNeverConfirmsNotifications) {
    Scanning bench;
    bench.advertise(kGrip, "_GRIPFIT", true);
    bench.core.connected(kGrip);
    bench.core.discovered(true);
    bench.take();
    CHECK_EQ(bench.advanceUntilAction(60000), 5000u);
    CHECK_EQ(bench.take(), (Log{"B:DISCONNECTED,C0:FF:EE:12:34:56,TIMEOUT", "disconnect"}));
    bench.core.subscribed(WriteOutcome::ok());
    CHECK_EQ(bench.take(), Log{});
}

TEST(coreMapsWriteResults) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("CMD:PING\n");
    bench.core.writeResult(WriteOutcome::ok());
    bench.host("CMD:TARE\n");
    bench.core.writeResult(WriteOutcome::attError(0x03));
    bench.host("CMD:INFO\n");
    bench.core.writeResult(WriteOutcome::notSent());
    CHECK_EQ(bench.take(), (Log{"write CMD:PING\n", "write CMD:TARE\n", "B:ERROR,WRITE_FAILED,0x03", "write CMD:INFO\n",
                                "B:ERROR,WRITE_FAILED"}));
    CHECK(bench.core.acceptsHostBytes());
}

TEST(coreWaitsForAWriteAsLongAsTheLinkTimingNeeds) {
    Scanning bench;
    bench.connectTo(kGrip);
    LinkTiming slow;
    slow.intervalUnits = 80;
    slow.peripheralLatency = 4;
    slow.supervisionUnits = 600;
    bench.core.linkTiming(slow);
    bench.host("CMD:PING\nCMD:TARE\n");
    CHECK_EQ(bench.take(), (Log{"write CMD:PING\n"}));
    // Long past the 100 ms Bluefruit would have waited: still pending, and no second write.
    bench.advance(3000);
    CHECK_EQ(bench.take(), Log{});
    CHECK(!bench.core.acceptsHostBytes());
    bench.core.writeResult(WriteOutcome::ok());
    CHECK(bench.core.acceptsHostBytes());
    bench.host("CMD:TARE\n");
    CHECK_EQ(bench.take(), (Log{"write CMD:TARE\n"}));
}

TEST(coreDropsTheLinkWhenAWriteIsNeverAnswered) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("CMD:PING\n");
    bench.take();
    CHECK_EQ(bench.advanceUntilAction(60000), LinkTiming::initial().responseWaitMs());
    CHECK_EQ(bench.take(), (Log{"B:ERROR,WRITE_TIMEOUT", "B:DISCONNECTED,C0:FF:EE:12:34:56,TIMEOUT", "disconnect",
                                "led searching"}));
    CHECK(bench.core.acceptsHostBytes());
    // The answer to the abandoned write, should it come, changes nothing.
    bench.core.writeResult(WriteOutcome::attError(0x0E));
    bench.core.disconnected(0x16);
    CHECK_EQ(bench.take(), Log{});
    CHECK_EQ(bench.advanceUntilAction(60000), 1000u);
    CHECK_EQ(bench.take(), (Log{"connect C0:FF:EE:12:34:56", "B:CONNECTING,C0:FF:EE:12:34:56"}));
}

TEST(coreForgetsAPendingWriteWhenTheLinkDrops) {
    Scanning bench;
    bench.connectTo(kGrip);
    bench.host("CMD:PING\n");
    bench.core.disconnected(0x08);
    CHECK(bench.core.acceptsHostBytes());
    bench.core.writeResult(WriteOutcome::notSent());
    CHECK_EQ(bench.take(), (Log{"write CMD:PING\n", "B:DISCONNECTED,C0:FF:EE:12:34:56,0x08", "led searching"}));
}

TEST(coreIgnoresALossMarkerWhenNotConnected) {
    Scanning bench;
    bench.core.notifyLost(12);
    CHECK_EQ(bench.take(), Log{});
}
