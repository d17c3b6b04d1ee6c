#pragma once

#include <Arduino.h>
#include <bluefruit.h>

#include "src/AddressTypeCache.h"
#include "src/BridgeIo.h"
#include "src/TextLine.h"

/// BridgeCore's requests carried out with Bluefruit, TinyUSB and LittleFS. Discovery and RX writes
/// block, so they are only noted here; loop() runs them (`runDiscovery`, `runWrite`) once the core
/// call that asked for them has returned, and hands the result back to the core.
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
  void writeRx(const char* data, size_t length) override;
  void usbWrite(const char* data, size_t length) override;
  void savePin(const BleAddress* pin) override;
  void setLed(LedMode mode) override;

  /// The pin saved by `savePin`, if any.
  bool loadPin(BleAddress& pin);

  bool discoveryRequested() const { return discoveryPending_; }
  bool writeRequested() const { return writePending_; }
  /// Finds NUS with both characteristics and subscribes to TX.
  bool runDiscovery();
  /// Writes the requested line to RX with response.
  bool runWrite();

  void linkUp(uint16_t connHandle);
  void linkDown(uint16_t connHandle);
  void advertised(const BleAddress& address, uint8_t addressType);
  LedMode ledMode() const { return ledMode_; }

  /// A `B:DEBUG,…` line when built with BRIDGE_DEBUG=1; nothing otherwise.
  void debug(const char* what);

private:
  uint16_t connHandle_;
  bool discoveryPending_;
  bool writePending_;
  /// The last bridge line found no room in the USB FIFO: drop the next ones at once, not after a wait.
  bool usbStalled_;
  LedMode ledMode_;
  AddressTypeCache addressTypes_;
  TextLine pendingWrite_;
  BLEClientService nus_;
  BLEClientCharacteristic nusTx_;
  BLEClientCharacteristic nusRx_;
};
