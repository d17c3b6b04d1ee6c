// GripFit Bridge: a BLE Nordic UART Service central that relays a GripFit dynamometer's lines over
// USB CDC serial (PROTOCOL.md). All behaviour lives in src/BridgeCore; this file is glue only:
// Bluefruit callbacks become queued events, loop() feeds them and the host's bytes to the core,
// and BoardIo carries out what the core asks for.

#include <Adafruit_TinyUSB.h>
#include <bluefruit.h>
#include <InternalFileSystem.h>

#include "BleEvent.h"
#include "BoardIo.h"
#include "src/BridgeCore.h"

// The USB product string the host and the udev rule look for, whatever the board.
static const char kProductName[] = "GripFit Bridge";
// Time off the bus so that the host enumerates again and reads the new product string.
static const uint32_t kReenumerateMs = 20;
// CDC ignores the rate; the host uses 115200 and never 1200 (bootloader touch).
static const uint32_t kBaudIgnored = 115200;

static const UBaseType_t kEventQueueDepth = 32;
// Queue slots that adverts and notifications leave free, so link up/down events always fit.
static const UBaseType_t kReservedByAdverts = 8;
static const UBaseType_t kReservedByNotify = 2;
static const TickType_t kNotifyWaitTicks = pdMS_TO_TICKS(100);
static const TickType_t kLinkEventWaitTicks = pdMS_TO_TICKS(1000);

// Host bytes handled per loop() pass, so that BLE events are never starved.
static const int kHostBytesPerPass = 256;

// 0.625 ms units: listen 50 ms out of every 100 ms.
static const uint16_t kScanInterval = 160;
static const uint16_t kScanWindow = 80;

static const uint32_t kLedBlinkHalfPeriodMs = 500;
#if defined(LED_BLUE)
static const uint8_t kLedPin = LED_BLUE;
#else
static const uint8_t kLedPin = LED_BUILTIN;
#endif
// The XIAO's RGB LED is wired active-low although its variant says LED_STATE_ON 1.
#if defined(ARDUINO_Seeed_XIAO_nRF52840)
static const uint8_t kLedOn = LOW;
#else
static const uint8_t kLedOn = LED_STATE_ON;
#endif
static const uint8_t kLedOff = kLedOn == HIGH ? LOW : HIGH;

static BoardIo board;
static BridgeCore core(board);
static QueueHandle_t bleEvents;
static BLEUuid nusUuid(BLEUART_UUID_SERVICE);
// Set by the notify callback when a chunk found no room; cleared by loop().
static volatile bool notifyLost = false;
static bool lastDtr = false;

static void copyAddress(const uint8_t* littleEndian, uint8_t (&out)[BleAddress::kByteCount]) {
  for (size_t i = 0; i < BleAddress::kByteCount; ++i) {
    out[i] = littleEndian[BleAddress::kByteCount - 1 - i];
  }
}

static BleEvent blankEvent(BleEvent::Kind kind) {
  BleEvent event;
  memset(&event, 0, sizeof(event));
  event.kind = kind;
  return event;
}

// Every report, not only those with the NUS UUID: a Bluefruit GripFit sends its name in the scan
// response, which Bluefruit's own UUID filter would throw away. BridgeCore matches UUID and name.
static void onAdvertisement(ble_gap_evt_adv_report_t* report) {
  BleEvent event = blankEvent(BleEvent::Advert);
  event.hasNus = Bluefruit.Scanner.checkReportForUuid(report, nusUuid);
  event.length = Bluefruit.Scanner.parseReportByType(report, BLE_GAP_AD_TYPE_COMPLETE_LOCAL_NAME, event.data,
                                                     sizeof(event.data));
  if (event.length == 0) {
    event.length = Bluefruit.Scanner.parseReportByType(report, BLE_GAP_AD_TYPE_SHORT_LOCAL_NAME, event.data,
                                                       sizeof(event.data));
  }
  if ((event.hasNus || event.length > 0) && uxQueueSpacesAvailable(bleEvents) > kReservedByAdverts) {
    event.rssi = report->rssi;
    event.addressType = report->peer_addr.addr_type;
    copyAddress(report->peer_addr.addr, event.address);
    xQueueSend(bleEvents, &event, 0);
  }
  Bluefruit.Scanner.resume();
}

static void onLinkUp(uint16_t connHandle) {
  BleEvent event = blankEvent(BleEvent::LinkUp);
  event.connHandle = connHandle;
  BLEConnection* connection = Bluefruit.Connection(connHandle);
  if (connection != nullptr) {
    const ble_gap_addr_t peer = connection->getPeerAddr();
    copyAddress(peer.addr, event.address);
  }
  xQueueSend(bleEvents, &event, kLinkEventWaitTicks);
}

static void onLinkDown(uint16_t connHandle, uint8_t reason) {
  BleEvent event = blankEvent(BleEvent::LinkDown);
  event.connHandle = connHandle;
  event.reason = reason;
  xQueueSend(bleEvents, &event, kLinkEventWaitTicks);
}

static void onNotify(BLEClientCharacteristic* characteristic, uint8_t* data, uint16_t length) {
  (void)characteristic;
  BleEvent event = blankEvent(BleEvent::Notify);
  for (uint16_t at = 0; at < length; at += BleEvent::kDataSize) {
    const uint16_t rest = length - at;
    event.length = static_cast<uint8_t>(rest < BleEvent::kDataSize ? rest : BleEvent::kDataSize);
    memcpy(event.data, data + at, event.length);
    if (uxQueueSpacesAvailable(bleEvents) <= kReservedByNotify ||
        xQueueSend(bleEvents, &event, kNotifyWaitTicks) != pdTRUE) {
      notifyLost = true;
      return;
    }
  }
}

// Runs the blocking work the core asked for and reports each result back to it.
static void runRequestedWork() {
  while (board.discoveryRequested() || board.writeRequested()) {
    if (board.discoveryRequested()) {
      core.discovered(board.runDiscovery());
    }
    if (board.writeRequested()) {
      core.writeResult(board.runWrite());
    }
  }
}

static void handleBleEvent(const BleEvent& event) {
  switch (event.kind) {
  case BleEvent::Advert: {
    const BleAddress address(event.address);
    board.advertised(address, event.addressType);
    core.advReport(address, event.rssi, reinterpret_cast<const char*>(event.data), event.length, event.hasNus);
    break;
  }
  case BleEvent::LinkUp:
    board.linkUp(event.connHandle);
    core.connected(BleAddress(event.address));
    break;
  case BleEvent::LinkDown:
    board.linkDown(event.connHandle);
    core.disconnected(event.reason);
    break;
  case BleEvent::Notify:
    core.notifyBytes(event.data, event.length);
    break;
  }
  runRequestedWork();
}

static void showLed(uint32_t nowMs) {
  const bool blinkOn = (nowMs / kLedBlinkHalfPeriodMs) % 2 == 0;
  const bool on = board.ledMode() == LedMode::Connected || blinkOn;
  digitalWrite(kLedPin, on ? kLedOn : kLedOff);
}

void setup() {
  // The core starts USB just before setup(); the host reads the product string at least 100 ms
  // later (hub debounce), so setting it here is in time. Should it have enumerated already,
  // leave the bus briefly so that it enumerates again.
  TinyUSBDevice.setProductDescriptor(kProductName);
  if (TinyUSBDevice.mounted()) {
    TinyUSBDevice.detach();
    delay(kReenumerateMs);
    TinyUSBDevice.attach();
  }
  Serial.begin(kBaudIgnored);

  pinMode(kLedPin, OUTPUT);
  bleEvents = xQueueCreate(kEventQueueDepth, sizeof(BleEvent));

  InternalFS.begin();
  BleAddress pin;
  const bool hasPin = board.loadPin(pin);

  Bluefruit.autoConnLed(false);
  Bluefruit.begin(0, 1);
  Bluefruit.setName(kProductName);
  board.beginNus(onNotify);

  Bluefruit.Central.setConnectCallback(onLinkUp);
  Bluefruit.Central.setDisconnectCallback(onLinkDown);
  Bluefruit.Scanner.setRxCallback(onAdvertisement);
  Bluefruit.Scanner.restartOnDisconnect(false);
  Bluefruit.Scanner.useActiveScan(true);
  Bluefruit.Scanner.setInterval(kScanInterval, kScanWindow);

  core.begin(millis(), hasPin ? &pin : nullptr);
}

void loop() {
  const uint32_t nowMs = millis();
  core.tick(nowMs);
  runRequestedWork();

  const bool dtr = Serial.dtr();
  if (dtr && !lastDtr) {
    core.dtrRaised();
  }
  lastDtr = dtr;

  BleEvent event;
  while (xQueueReceive(bleEvents, &event, 0) == pdTRUE) {
    handleBleEvent(event);
  }
  if (notifyLost) {
    notifyLost = false;
    board.debug("notification bytes lost");
    core.notifyLost();
  }

  for (int count = 0; count < kHostBytesPerPass && core.acceptsHostBytes() && Serial.available() > 0; ++count) {
    const uint8_t byte = static_cast<uint8_t>(Serial.read());
    core.hostBytes(&byte, 1);
    runRequestedWork();
  }

  showLed(nowMs);
}
