#pragma once

#include <stddef.h>
#include <stdint.h>

/// Named numbers of the bridge, all taken from PROTOCOL.md, so a change to the contract is a change here.
namespace BridgeConfig {

/// Reported by `B:BRIDGE,<version>`. BRIDGE_VERSION_OVERRIDE is for the native bridge only
/// (`make native BRIDGE_VERSION=0.9.0`): an older bridge, to test the host's version gate against.
#ifdef BRIDGE_VERSION_OVERRIDE
static const char* const kFirmwareVersion = BRIDGE_VERSION_OVERRIDE;
#else
static const char* const kFirmwareVersion = "1.0.0";
#endif

/// The GripFit device's advertised name (spec §1.2); an advertiser must contain it to match.
static const char* const kDeviceName = "_GRIPFIT";

/// Longest line, without its `\n`, that the bridge relays in either direction.
static const size_t kMaxLineLength = 128;

static const uint32_t kScanWindowMs = 10000;
static const uint32_t kScanBackoffFirstMs = 2000;
static const uint32_t kConnectTimeoutMs = 5000;
static const uint32_t kReconnectBackoffFirstMs = 1000;
static const uint32_t kBackoffMaxMs = 30000;

/// How long the bridge waits for the link-down event it asked for before it moves on anyway.
static const uint32_t kReleaseTimeoutMs = 3000;

}  // namespace BridgeConfig
