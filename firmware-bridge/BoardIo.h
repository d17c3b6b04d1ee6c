#pragma once

#include <Arduino.h>
#include <bluefruit.h>

#include "BleEvent.h"
#include "src/AddressTypeCache.h"
#include "src/BridgeIo.h"
#include "src/TextLine.h"
#include "src/WriteOutcome.h"

/// BridgeCore's requests carried out with Bluefruit, the SoftDevice, TinyUSB and LittleFS. Requests
/// are only noted here; loop() runs them (`runDiscovery`, `startSubscribe`, `startWrite`) once the
/// core call that asked for them has returned. Discovery blocks (Bluefruit's API); the CCCD and RX
/// writes go to the SoftDevice directly, with response, and their answers come back as
/// `BLE_GATTC_EVT_WRITE_RSP` events (`writeAnswered`), however long the link's timing makes them
/// take: Bluefruit's own `write_resp` gives up after 100 ms and takes an ATT error for success,
/// and its `enableNotify` writes the CCCD without response.
class BoardIo : public BridgeIo {
public:
  BoardIo();

  /// Registers the NUS client with Bluefruit; call after `Bluefruit.begin`.
  void beginNus(BLEClientCharacteristic::notify_cb_t onNotify);

  void startScan() override;
  void stopScan() override;
  void connect(const BleAddress& address) override;
  void disconnect() override;
  void discover() override;
  void subscribe() override;
  void writeRx(const char* data, size_t length) override;
  void usbWrite(const char* data, size_t length) override;
  void savePin(const BleAddress* pin) override;
  void setLed(LedMode mode) override;

  /// The pin saved by `savePin`, if any.
  bool loadPin(BleAddress& pin);

  bool discoveryRequested() const { return discoveryPending_; }
  bool subscribeRequested() const { return subscribePending_; }
  bool writeRequested() const { return writePending_; }
  /// Finds NUS with both characteristics and TX's CCCD.
  bool runDiscovery();
  /// Sends the CCCD write; false if the SoftDevice refused it (no answer will come).
  bool startSubscribe();
  /// Sends the requested line to RX; false if the SoftDevice refused it (no answer will come).
  bool startWrite();

  /// Which of our writes a `BleEvent::WriteResponse` answers.
  enum class Write : uint8_t { Subscribe, Command, Other };
  Write answeredWrite(const BleEvent& event);
  WriteOutcome outcomeOf(const BleEvent& event) const;

  void linkUp(uint16_t connHandle);
  void linkDown(uint16_t connHandle);
  bool isLink(uint16_t connHandle) const { return connHandle == connHandle_; }
  void advertised(const BleAddress& address, uint8_t addressType);
  LedMode ledMode() const { return ledMode_; }

  /// A `B:DEBUG,…` line when built with BRIDGE_DEBUG=1; nothing otherwise.
  void debug(const char* what);

private:
  bool writeWithResponse(uint16_t attribute, uint8_t* data, uint16_t length);
  uint16_t findTxCccd();

  uint16_t connHandle_;
  bool discoveryPending_;
  bool subscribePending_;
  bool writePending_;
  uint16_t cccdHandle_;
  /// The last bridge line found no room in the USB FIFO: drop the next ones at once, not after a wait.
  bool usbStalled_;
  LedMode ledMode_;
  AddressTypeCache addressTypes_;
  /// The RX write in flight; the SoftDevice reads it until the write is answered.
  uint8_t rxBytes_[TextLine::kCapacity + 2];
  uint16_t rxLength_;
  BLEClientService nus_;
  BLEClientCharacteristic nusTx_;
  BLEClientCharacteristic nusRx_;
};
