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
// Queue slots that adverts leave free, so notifications, link and write events always fit. The
// notification writer leaves its own (NotifyQueueWriter::kLeftByChunks, kLeftByMarkers).
static const UBaseType_t kReservedByAdverts = 8;
// Link and write events may wait for room: loop() drains the queue within one pass.
static const TickType_t kLinkEventWaitTicks = pdMS_TO_TICKS(1000);
static const TickType_t kWriteEventWaitTicks = pdMS_TO_TICKS(100);

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

// DTR rising edges counted where the line state changes (see below); loop() says hello when the
// count moves, however long it was blocked in between.
static volatile uint32_t dtrRises = 0;
static uint32_t dtrRisesGreeted = 0;
static volatile bool dtrHigh = false;

static void noteLineState(bool dtr) {
  if (dtr && !dtrHigh) {
    dtrRises = dtrRises + 1;
  }
  dtrHigh = dtr;
}

#if TUSB_VERSION_MAJOR > 0 || TUSB_VERSION_MINOR >= 16
#include "device/dcd.h"

// The core defines tud_cdc_line_state_cb for its 1200-baud bootloader touch, and TinyUSB's header
// makes every definition of it weak: one in the sketch links, but replaces the core's (the linker
// keeps whichever it meets first) and so breaks uploads. TinyUSB 0.16+ calls this hook, weak only
// in TinyUSB itself, from the USB interrupt for every event it queues; for a
// SET_CONTROL_LINE_STATE setup packet the request is still in the USBD registers.
static const uint8_t kClassRequestToInterface = 0x21;
static const uint8_t kDtrBit = 0x01;

extern "C" void tud_event_hook_cb(uint8_t rhport, uint32_t eventid, bool in_isr) {
  (void)rhport;
  if (eventid != DCD_EVENT_SETUP_RECEIVED || !in_isr || NRF_USBD->BMREQUESTTYPE != kClassRequestToInterface ||
      NRF_USBD->BREQUEST != CDC_REQUEST_SET_CONTROL_LINE_STATE) {
    return;
  }
  noteLineState((NRF_USBD->WVALUEL & kDtrBit) != 0);
}

static void watchLineState() {}
#else
// Older TinyUSB (Seeed's core) has no event hook: sample DTR every tick in a timer, so that a
// close and reopen is missed only if both fall within one millisecond, not within a blocking call.
static void sampleDtr(TimerHandle_t timer) {
  (void)timer;
  noteLineState(Serial.dtr());
}

static void watchLineState() {
  static const TickType_t kDtrSampleTicks = 1;
  TimerHandle_t timer = xTimerCreate("dtr", kDtrSampleTicks, pdTRUE, nullptr, sampleDtr);
  if (timer == nullptr || xTimerStart(timer, 0) != pdPASS) {
    board.debug("DTR timer not started");
  }
}
#endif

static BleEvent blankEvent(BleEvent::Kind kind) {
  BleEvent event;
  memset(&event, 0, sizeof(event));
  event.kind = kind;
  return event;
}

// The notification writer's view of the event queue (NotifyQueueWriter: a loss is queued in order).
class NotifyEvents : public NotifyQueue {
public:
  size_t freeSlots() const override { return uxQueueSpacesAvailable(bleEvents); }

  bool pushChunk(const uint8_t* data, size_t length) override {
    BleEvent event = blankEvent(BleEvent::Notify);
    event.length = static_cast<uint8_t>(length);
    memcpy(event.data, data, length);
    return xQueueSend(bleEvents, &event, 0) == pdTRUE;
  }

  bool pushLoss(uint32_t lostBytes) override {
    BleEvent event = blankEvent(BleEvent::NotifyLost);
    event.lostBytes = lostBytes;
    return xQueueSend(bleEvents, &event, 0) == pdTRUE;
  }
};

static NotifyEvents notifyEvents;
// Used by the notify callback only, which runs in the BLE task (BoardIo::beginNus).
static NotifyQueueWriter notifyWriter(notifyEvents);

static void copyAddress(const uint8_t* littleEndian, uint8_t (&out)[BleAddress::kByteCount]) {
  for (size_t i = 0; i < BleAddress::kByteCount; ++i) {
    out[i] = littleEndian[BleAddress::kByteCount - 1 - i];
  }
}

static LinkTiming timingOf(const ble_gap_conn_params_t& params) {
  LinkTiming timing;
  timing.intervalUnits = params.max_conn_interval;
  timing.peripheralLatency = params.slave_latency;
  timing.supervisionUnits = params.conn_sup_timeout;
  return timing;
}

// Every report, not only those with the NUS UUID: a Bluefruit GripFit sends its name in the scan
// response, which Bluefruit's own UUID filter would throw away. BridgeCore matches UUID and name.
// Runs in the BLE task before the scanner resumes, so the report's data, which lives in the
// scanner's buffer, is copied before the next report can overwrite it.
static void queueAdvert(const ble_gap_evt_adv_report_t* report) {
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
}

// Bluefruit's hook for every SoftDevice event, called in the BLE task after its own handlers.
static void onBleEvent(ble_evt_t* evt) {
  switch (evt->header.evt_id) {
  case BLE_GAP_EVT_ADV_REPORT:
    // No scanner callback is set, so the scanner waits for this resume.
    queueAdvert(&evt->evt.gap_evt.params.adv_report);
    Bluefruit.Scanner.resume();
    break;
  case BLE_GAP_EVT_CONN_PARAM_UPDATE: {
    BleEvent event = blankEvent(BleEvent::Timing);
    event.connHandle = evt->evt.gap_evt.conn_handle;
    event.timing = timingOf(evt->evt.gap_evt.params.conn_param_update.conn_params);
    xQueueSend(bleEvents, &event, kWriteEventWaitTicks);
    break;
  }
  case BLE_GATTC_EVT_WRITE_RSP: {
    const ble_gattc_evt_t& gattc = evt->evt.gattc_evt;
    BleEvent event = blankEvent(BleEvent::WriteResponse);
    event.connHandle = gattc.conn_handle;
    event.status = gattc.gatt_status;
    event.attribute = gattc.gatt_status == BLE_GATT_STATUS_SUCCESS ? gattc.params.write_rsp.handle : gattc.error_handle;
    xQueueSend(bleEvents, &event, kWriteEventWaitTicks);
    break;
  }
  default:
    break;
  }
}

static void onLinkUp(uint16_t connHandle) {
  BleEvent event = blankEvent(BleEvent::LinkUp);
  event.connHandle = connHandle;
  event.timing = LinkTiming::initial();
  BLEConnection* connection = Bluefruit.Connection(connHandle);
  if (connection != nullptr) {
    const ble_gap_addr_t peer = connection->getPeerAddr();
    copyAddress(peer.addr, event.address);
    event.timing.intervalUnits = connection->getConnectionInterval();
    event.timing.peripheralLatency = connection->getSlaveLatency();
    event.timing.supervisionUnits = connection->getSupervisionTimeout();
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
  notifyWriter.write(data, length);
}

// Runs the work the core asked for and reports each result that is known at once back to it.
static void runRequestedWork() {
  while (board.discoveryRequested() || board.subscribeRequested() || board.writeRequested()) {
    if (board.discoveryRequested()) {
      core.discovered(board.runDiscovery());
    }
    if (board.subscribeRequested() && !board.startSubscribe()) {
      core.subscribed(WriteOutcome::notSent());
    }
    if (board.writeRequested() && !board.startWrite()) {
      core.writeResult(WriteOutcome::notSent());
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
    core.linkTiming(event.timing);
    core.connected(BleAddress(event.address));
    break;
  case BleEvent::LinkDown:
    board.linkDown(event.connHandle);
    core.disconnected(event.reason);
    break;
  case BleEvent::Timing:
    if (board.isLink(event.connHandle)) {
      core.linkTiming(event.timing);
    }
    break;
  case BleEvent::Notify:
    core.notifyBytes(event.data, event.length);
    break;
  case BleEvent::NotifyLost:
    core.notifyLost(event.lostBytes);
    break;
  case BleEvent::WriteResponse:
    switch (board.answeredWrite(event)) {
    case BoardIo::Write::Subscribe:
      core.subscribed(board.outcomeOf(event));
      break;
    case BoardIo::Write::Command:
      core.writeResult(board.outcomeOf(event));
      break;
    case BoardIo::Write::Other:
      break;
    }
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

  Bluefruit.setEventCallback(onBleEvent);
  Bluefruit.Central.setConnectCallback(onLinkUp);
  Bluefruit.Central.setDisconnectCallback(onLinkDown);
  Bluefruit.Scanner.restartOnDisconnect(false);
  Bluefruit.Scanner.useActiveScan(true);
  Bluefruit.Scanner.setInterval(kScanInterval, kScanWindow);

  watchLineState();
  core.begin(millis(), hasPin ? &pin : nullptr);
}

void loop() {
  const uint32_t nowMs = millis();
  core.tick(nowMs);
  runRequestedWork();

  const uint32_t rises = dtrRises;
  if (rises != dtrRisesGreeted) {
    dtrRisesGreeted = rises;
    core.dtrRaised();
  }

  BleEvent event;
  while (xQueueReceive(bleEvents, &event, 0) == pdTRUE) {
    handleBleEvent(event);
  }
  for (int count = 0; count < kHostBytesPerPass && core.acceptsHostBytes() && Serial.available() > 0; ++count) {
    const uint8_t hostByte = static_cast<uint8_t>(Serial.read());
    core.hostBytes(&hostByte, 1);
    runRequestedWork();
  }

  showLed(nowMs);
}
