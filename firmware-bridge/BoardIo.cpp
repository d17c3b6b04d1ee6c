#include "BoardIo.h"

#include <Adafruit_LittleFS.h>
#include <InternalFileSystem.h>
#include <Adafruit_TinyUSB.h>

using namespace Adafruit_LittleFS_Namespace;

// Set to 1 (e.g. --build-property compiler.cpp.extra_flags=-DBRIDGE_DEBUG=1) for `B:DEBUG,…` lines
// about glue-level failures. Off by default: nothing but protocol lines on the data port.
#ifndef BRIDGE_DEBUG
#define BRIDGE_DEBUG 0
#endif

namespace {

const char kPinFile[] = "/gripfit-pin";
/// How long a line may wait for room in the USB FIFO before it is dropped whole.
const uint32_t kUsbRoomWaitMs = 50;
const uint16_t kNusCharacteristicCount = 2;
/// Attributes one descriptor discovery looks at, after TX's value.
const uint16_t kMaxDescriptors = 8;
/// CCCD value with notifications on, little-endian. Not const: the SoftDevice takes a plain pointer.
uint8_t cccdNotify[2] = {0x01, 0x00};
/// The SoftDevice reports an ATT error response as 0x0100 plus the ATT error code.
const uint16_t kAttErrorBase = BLE_GATT_STATUS_ATTERR_INVALID;

static_assert(AddressTypeCache::kPublic == BLE_GAP_ADDR_TYPE_PUBLIC, "address type values");
static_assert(AddressTypeCache::kRandomStatic == BLE_GAP_ADDR_TYPE_RANDOM_STATIC, "address type values");

}  // namespace

BoardIo::BoardIo()
    : connHandle_(BLE_CONN_HANDLE_INVALID),
      discoveryPending_(false),
      subscribePending_(false),
      writePending_(false),
      cccdHandle_(BLE_GATT_HANDLE_INVALID),
      usbStalled_(false),
      ledMode_(LedMode::Searching),
      rxLength_(0),
      nus_(BLEUuid(BLEUART_UUID_SERVICE)),
      nusTx_(BLEUuid(BLEUART_UUID_CHR_TXD)),
      nusRx_(BLEUuid(BLEUART_UUID_CHR_RXD)) {}

void BoardIo::beginNus(BLEClientCharacteristic::notify_cb_t onNotify) {
  nus_.begin();
  // Called in the BLE task itself, not deferred to Bluefruit's callback task (which falls back to
  // the BLE task when its own queue is full): one task feeds the notification writer, and
  // notifications reach the event queue in the radio's order, after the CCCD write's answer.
  nusTx_.setNotifyCallback(onNotify, false);
  nusTx_.begin(&nus_);
  nusRx_.begin(&nus_);
}

void BoardIo::startScan() {
  Bluefruit.Scanner.stop();
  if (!Bluefruit.Scanner.start(0)) {
    debug("scan start refused");
  }
}

void BoardIo::stopScan() {
  Bluefruit.Scanner.stop();
}

void BoardIo::connect(const BleAddress& address) {
  ble_gap_addr_t peer;
  memset(&peer, 0, sizeof(peer));
  peer.addr_type = addressTypes_.lookUp(address);
  for (size_t i = 0; i < BleAddress::kByteCount; ++i) {
    peer.addr[i] = address.bytes()[BleAddress::kByteCount - 1 - i];
  }
  // No timeout of its own (the scanner's is 0): BridgeCore cancels after 5 s.
  if (!Bluefruit.Central.connect(&peer)) {
    debug("connect refused");
  }
}

void BoardIo::disconnect() {
  if (connHandle_ != BLE_CONN_HANDLE_INVALID) {
    Bluefruit.disconnect(connHandle_);
  } else if (sd_ble_gap_connect_cancel() != NRF_SUCCESS) {
    debug("no connection to cancel");
  }
}

void BoardIo::discover() {
  discoveryPending_ = true;
}

void BoardIo::subscribe() {
  subscribePending_ = true;
}

void BoardIo::writeRx(const char* data, size_t length) {
  rxLength_ = static_cast<uint16_t>(length < sizeof(rxBytes_) ? length : sizeof(rxBytes_));
  memcpy(rxBytes_, data, rxLength_);
  writePending_ = true;
}

void BoardIo::usbWrite(const char* data, size_t length) {
  // Written while the port is closed, it would be dropped anyway; BridgeCore says hello on open.
  if (!Serial.dtr()) {
    usbStalled_ = false;
    return;
  }
  // A host that opened the port but reads nothing must not stall the BLE side: after a short wait
  // the line is dropped whole, never written in part.
  const uint32_t startMs = millis();
  while (Serial.availableForWrite() < static_cast<int>(length)) {
    if (!Serial.dtr()) {
      return;
    }
    if (usbStalled_ || millis() - startMs >= kUsbRoomWaitMs) {
      usbStalled_ = true;
      return;
    }
    yield();
  }
  usbStalled_ = false;
  Serial.write(reinterpret_cast<const uint8_t*>(data), length);
  Serial.flush();
}

void BoardIo::savePin(const BleAddress* pin) {
  // FILE_O_WRITE appends, so the file is replaced rather than rewritten.
  InternalFS.remove(kPinFile);
  if (pin == nullptr) {
    return;
  }
  char text[BleAddress::kTextLength + 1];
  pin->format(text);
  File file(InternalFS);
  if (!file.open(kPinFile, FILE_O_WRITE)) {
    debug("pin file not opened");
    return;
  }
  if (file.write(text, BleAddress::kTextLength) != BleAddress::kTextLength) {
    debug("pin not saved");
  }
  file.close();
}

void BoardIo::setLed(LedMode mode) {
  ledMode_ = mode;
}

bool BoardIo::loadPin(BleAddress& pin) {
  File file(InternalFS);
  if (!file.open(kPinFile, FILE_O_READ)) {
    return false;
  }
  char text[BleAddress::kTextLength];
  const int count = file.read(text, sizeof(text));
  file.close();
  return count == static_cast<int>(sizeof(text)) && BleAddress::parse(text, sizeof(text), pin);
}

bool BoardIo::runDiscovery() {
  discoveryPending_ = false;
  cccdHandle_ = BLE_GATT_HANDLE_INVALID;
  if (!nus_.discover(connHandle_) ||
      Bluefruit.Discovery.discoverCharacteristic(connHandle_, nusRx_, nusTx_) != kNusCharacteristicCount) {
    return false;
  }
  cccdHandle_ = findTxCccd();
  return cccdHandle_ != BLE_GATT_HANDLE_INVALID;
}

bool BoardIo::startSubscribe() {
  subscribePending_ = false;
  return writeWithResponse(cccdHandle_, cccdNotify, sizeof(cccdNotify));
}

bool BoardIo::startWrite() {
  writePending_ = false;
  return writeWithResponse(nusRx_.valueHandle(), rxBytes_, rxLength_);
}

BoardIo::Write BoardIo::answeredWrite(const BleEvent& event) {
  if (!isLink(event.connHandle) || event.attribute == BLE_GATT_HANDLE_INVALID) {
    return Write::Other;
  }
  if (event.attribute == cccdHandle_) {
    return Write::Subscribe;
  }
  return event.attribute == nusRx_.valueHandle() ? Write::Command : Write::Other;
}

WriteOutcome BoardIo::outcomeOf(const BleEvent& event) const {
  if (event.status == BLE_GATT_STATUS_SUCCESS) {
    return WriteOutcome::ok();
  }
  if (event.status > kAttErrorBase && event.status <= kAttErrorBase + 0xFF) {
    return WriteOutcome::attError(static_cast<uint8_t>(event.status - kAttErrorBase));
  }
  // A status of the SoftDevice's own (BLE_GATT_STATUS_UNKNOWN, ...): the peer's answer is unknown.
  return WriteOutcome::notSent();
}

bool BoardIo::writeWithResponse(uint16_t attribute, uint8_t* data, uint16_t length) {
  ble_gattc_write_params_t params;
  memset(&params, 0, sizeof(params));
  params.write_op = BLE_GATT_OP_WRITE_REQ;
  params.handle = attribute;
  params.len = length;
  params.p_value = data;
  // Longer than the ATT payload (MTU - 3) is refused here: every GripFit command fits in 20 bytes.
  if (sd_ble_gattc_write(connHandle_, &params) != NRF_SUCCESS) {
    debug("write refused");
    return false;
  }
  return true;
}

// TX's CCCD is the first CCCD after TX's value and before the next characteristic. Bluefruit
// finds it too but keeps the handle private.
uint16_t BoardIo::findTxCccd() {
  ble_gattc_handle_range_t range = nus_.getHandleRange();
  range.start_handle = static_cast<uint16_t>(nusTx_.valueHandle() + 1);
  if (nusTx_.valueHandle() == BLE_GATT_HANDLE_INVALID || range.start_handle > range.end_handle) {
    return BLE_GATT_HANDLE_INVALID;
  }
  struct {
    uint16_t count;
    ble_gattc_desc_t descs[kMaxDescriptors];
  } found;
  const uint16_t count = Bluefruit.Discovery._discoverDescriptor(
      connHandle_, reinterpret_cast<ble_gattc_evt_desc_disc_rsp_t*>(&found), sizeof(found), range);
  for (uint16_t i = 0; i < count && i < kMaxDescriptors; ++i) {
    const ble_uuid_t& uuid = found.descs[i].uuid;
    if (uuid.type != BLE_UUID_TYPE_BLE) {
      continue;
    }
    if (uuid.uuid == BLE_UUID_CHARACTERISTIC) {
      break;
    }
    if (uuid.uuid == BLE_UUID_DESCRIPTOR_CLIENT_CHAR_CONFIG) {
      return found.descs[i].handle;
    }
  }
  return BLE_GATT_HANDLE_INVALID;
}

void BoardIo::linkUp(uint16_t connHandle) {
  connHandle_ = connHandle;
}

void BoardIo::linkDown(uint16_t connHandle) {
  if (connHandle == connHandle_) {
    connHandle_ = BLE_CONN_HANDLE_INVALID;
    cccdHandle_ = BLE_GATT_HANDLE_INVALID;
  }
}

void BoardIo::advertised(const BleAddress& address, uint8_t addressType) {
  addressTypes_.remember(address, addressType);
}

void BoardIo::debug(const char* what) {
#if BRIDGE_DEBUG
  TextLine line;
  line.append("B:DEBUG,").append(what).terminate();
  usbWrite(line.data(), line.length());
#else
  (void)what;
#endif
}
