#pragma once

#include <stddef.h>
#include <stdint.h>

#include "src/BleAddress.h"

/// One thing a Bluefruit callback saw, copied into a queue for loop(): callbacks run in Bluefruit's
/// callback task, and BridgeCore must only be touched from the loop task.
struct BleEvent {
  /// Notification bytes and advertised names travel in chunks of this size.
  static const size_t kDataSize = 32;

  enum Kind : uint8_t { Advert, LinkUp, LinkDown, Notify };

  Kind kind;
  bool hasNus;
  int8_t rssi;
  /// LinkDown: the HCI reason.
  uint8_t reason;
  uint8_t addressType;
  /// Bytes used in `data`.
  uint8_t length;
  uint16_t connHandle;
  /// Advert, LinkUp: the peer, most significant byte first as BleAddress keeps it.
  uint8_t address[BleAddress::kByteCount];
  /// Notify: payload chunk. Advert: the advertised name.
  uint8_t data[kDataSize];
};
