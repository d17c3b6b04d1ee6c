#include "BridgeCore.h"

#include <string.h>

#include "BridgeConfig.h"
#include "BridgeReport.h"
#include "CommandParser.h"

namespace {

/// Device lines that look like the bridge's own would let a device forge bridge events.
const char kBridgeLinePrefix[] = "B:";

bool looksLikeBridgeLine(const char* line, size_t length) {
    const size_t prefixLength = sizeof(kBridgeLinePrefix) - 1;
    return length >= prefixLength && memcmp(line, kBridgeLinePrefix, prefixLength) == 0;
}

}  // namespace

BridgeCore::BridgeCore(BridgeIo& io)
    : io_(io),
      phase_(Phase::Waiting),
      nowMs_(0),
      phaseStartMs_(0),
      plan_(),
      target_(),
      pin_(),
      hasPin_(false),
      autoConnect_(true),
      linkUp_(false),
      dropRequested_(false),
      writeInFlight_(false),
      writeStartMs_(0),
      timing_(LinkTiming::initial()),
      foundInWindow_(false),
      ledKnown_(false),
      led_(LedMode::Searching),
      scanBackoff_(BridgeConfig::kScanBackoffFirstMs, BridgeConfig::kBackoffMaxMs),
      reconnectBackoff_(BridgeConfig::kReconnectBackoffFirstMs, BridgeConfig::kBackoffMaxMs),
      advertisers_(),
      hostLine_(),
      deviceLine_() {
    plan_ = scanNow();
}

void BridgeCore::begin(uint32_t nowMs, const BleAddress* pin) {
    nowMs_ = nowMs;
    hasPin_ = pin != nullptr;
    if (hasPin_) {
        pin_ = *pin;
    }
    startScanning();
}

void BridgeCore::tick(uint32_t nowMs) {
    nowMs_ = nowMs;
    switch (phase_) {
    case Phase::Waiting:
        if (elapsed(plan_.delayMs)) {
            follow(plan_);
        }
        break;
    case Phase::Scanning:
        if (elapsed(BridgeConfig::kScanWindowMs)) {
            endScanWindow();
        }
        break;
    case Phase::Connecting:
    case Phase::Discovering:
    case Phase::Subscribing:
        if (elapsed(BridgeConfig::kConnectTimeoutMs)) {
            emit(BridgeReport::disconnected(target_, DisconnectReason::timeout()));
            releaseLink(afterLinkLoss());
        }
        break;
    case Phase::Releasing:
        if (elapsed(BridgeConfig::kReleaseTimeoutMs)) {
            linkUp_ = false;
            dropRequested_ = false;
            schedule(plan_);
        }
        break;
    case Phase::Connected:
        if (writeInFlight_ && nowMs_ - writeStartMs_ >= timing_.responseWaitMs()) {
            writeTimedOut();
        }
        break;
    }
}

size_t BridgeCore::hostBytes(const uint8_t* data, size_t length) {
    size_t consumed = 0;
    while (consumed < length && !writeInFlight_) {
        switch (hostLine_.push(data[consumed++])) {
        case LineAssembler::Result::Line:
            handleHostLine(hostLine_.line(), hostLine_.length());
            break;
        case LineAssembler::Result::Overflow:
            emit(BridgeReport::error(ErrorCode::LineTooLong));
            break;
        case LineAssembler::Result::Pending:
            break;
        }
    }
    return consumed;
}

void BridgeCore::dtrRaised() {
    hostLine_.reset();
    emit(BridgeReport::bridge(BridgeConfig::kFirmwareVersion));
}

void BridgeCore::notifyBytes(const uint8_t* data, size_t length) {
    if (phase_ != Phase::Connected) {
        return;
    }
    for (size_t i = 0; i < length; ++i) {
        switch (deviceLine_.push(data[i])) {
        case LineAssembler::Result::Line: {
            const char* line = deviceLine_.line();
            const size_t lineLength = deviceLine_.length();
            if (lineLength > 0 && !looksLikeBridgeLine(line, lineLength)) {
                io_.usbWrite(line, lineLength + 1);
            }
            break;
        }
        case LineAssembler::Result::Overflow:
            emit(BridgeReport::error(ErrorCode::LineTooLong));
            break;
        case LineAssembler::Result::Pending:
            break;
        }
    }
}

void BridgeCore::notifyLost(uint32_t lostBytes) {
    if (phase_ != Phase::Connected) {
        return;
    }
    deviceLine_.resync();
    emit(BridgeReport::dataLost(lostBytes));
}

void BridgeCore::advReport(const BleAddress& address, int32_t rssi, const char* name, size_t nameLength,
                           bool hasNus) {
    if (phase_ != Phase::Scanning) {
        return;
    }
    AdvertiserTable::Entry* match = advertisers_.observe(address, name, nameLength, hasNus);
    if (match == nullptr) {
        return;
    }
    if (!match->reported) {
        match->reported = true;
        foundInWindow_ = true;
        emit(BridgeReport::found(address, rssi, match->name, match->nameLength));
    }
    if (autoConnect_ && pinAllows(address)) {
        io_.stopScan();
        startConnecting(address);
    }
}

void BridgeCore::connected(const BleAddress& peer) {
    linkUp_ = true;
    if (phase_ != Phase::Connecting || peer != target_) {
        // A connection we gave up on came up after all.
        dropRequested_ = true;
        io_.disconnect();
        return;
    }
    // The connection timeout keeps running from the connect request through discovery.
    phase_ = Phase::Discovering;
    io_.discover();
}

void BridgeCore::discovered(bool ok) {
    if (!stepSucceeded(Phase::Discovering, ok)) {
        return;
    }
    // Notifications are on only once the peer confirms the CCCD write; the connection timeout
    // keeps running.
    phase_ = Phase::Subscribing;
    io_.subscribe();
}

void BridgeCore::subscribed(WriteOutcome outcome) {
    if (stepSucceeded(Phase::Subscribing, outcome.kind() == WriteOutcome::Kind::Ok)) {
        becomeConnected();
    }
}

bool BridgeCore::stepSucceeded(Phase step, bool ok) {
    if (phase_ != step) {
        return false;
    }
    if (!ok) {
        rejectPeer();
    }
    return ok;
}

void BridgeCore::disconnected(uint8_t hciReason) {
    linkUp_ = false;
    if (dropRequested_) {
        dropRequested_ = false;
        if (phase_ == Phase::Releasing) {
            schedule(plan_);
        }
        return;
    }
    if (phase_ != Phase::Discovering && phase_ != Phase::Subscribing && phase_ != Phase::Connected) {
        return;
    }
    deviceLine_.reset();
    writeInFlight_ = false;
    emit(BridgeReport::disconnected(target_, DisconnectReason::hci(hciReason)));
    schedule(afterLinkLoss());
}

void BridgeCore::writeResult(WriteOutcome outcome) {
    if (!writeInFlight_) {
        // The answer to a write given up on with its link.
        return;
    }
    writeInFlight_ = false;
    switch (outcome.kind()) {
    case WriteOutcome::Kind::Ok:
        break;
    case WriteOutcome::Kind::AttError:
        emit(BridgeReport::writeFailed(outcome.code()));
        break;
    case WriteOutcome::Kind::NotSent:
        emit(BridgeReport::error(ErrorCode::WriteFailed));
        break;
    }
}

void BridgeCore::linkTiming(const LinkTiming& timing) {
    timing_ = timing;
}

LinkState BridgeCore::linkState() const {
    switch (phase_) {
    case Phase::Scanning:
        return LinkState::Scanning;
    case Phase::Connecting:
    case Phase::Discovering:
    case Phase::Subscribing:
        return LinkState::Connecting;
    case Phase::Connected:
        return LinkState::Connected;
    case Phase::Waiting:
    case Phase::Releasing:
        break;
    }
    return LinkState::Idle;
}

void BridgeCore::handleHostLine(const char* line, size_t length) {
    const HostCommand command = CommandParser::parse(line, length);
    switch (command.kind) {
    case HostCommand::Kind::Ignored:
        break;
    case HostCommand::Kind::Device:
        relayToDevice(command);
        break;
    case HostCommand::Kind::Info:
        emit(BridgeReport::bridge(BridgeConfig::kFirmwareVersion));
        break;
    case HostCommand::Kind::Status:
        emit(BridgeReport::status(linkState(), target_));
        break;
    case HostCommand::Kind::Scan:
        hostScan();
        break;
    case HostCommand::Kind::Disconnect:
        hostDisconnect();
        break;
    case HostCommand::Kind::Connect:
        hostConnect(command.address);
        break;
    case HostCommand::Kind::Auto:
        hostAuto(command.enabled);
        break;
    case HostCommand::Kind::Pin:
        hostPin(command);
        break;
    case HostCommand::Kind::Invalid:
        if (command.text == nullptr) {
            emit(BridgeReport::error(command.error));
        } else {
            emit(BridgeReport::error(command.error, command.text, command.textLength));
        }
        break;
    }
}

void BridgeCore::relayToDevice(const HostCommand& command) {
    if (phase_ != Phase::Connected) {
        emit(BridgeReport::error(ErrorCode::NotConnected));
        return;
    }
    TextLine line;
    line.append(command.text, command.textLength).terminate();
    writeInFlight_ = true;
    writeStartMs_ = nowMs_;
    io_.writeRx(line.data(), line.length());
}

void BridgeCore::hostScan() {
    scanBackoff_.reset();
    reconnectBackoff_.reset();
    if (hasLink()) {
        emit(BridgeReport::disconnected(target_, DisconnectReason::host()));
        releaseLink(scanNow());
    } else if (phase_ == Phase::Releasing) {
        plan_ = scanNow();
    } else {
        if (phase_ == Phase::Scanning) {
            io_.stopScan();
        }
        startScanning();
    }
}

void BridgeCore::hostDisconnect() {
    if (!hasLink()) {
        emit(BridgeReport::error(ErrorCode::NotConnected));
        return;
    }
    emit(BridgeReport::disconnected(target_, DisconnectReason::host()));
    releaseLink(afterLinkLoss());
}

void BridgeCore::hostConnect(const BleAddress& address) {
    if (hasLink() && target_ == address) {
        // Already on it: say so in the words a fresh request would get, and keep the link.
        emit(phase_ == Phase::Connected ? BridgeReport::connected(target_) : BridgeReport::connecting(target_));
        return;
    }
    reconnectBackoff_.reset();
    Plan plan = scanNow();
    plan.connect = true;
    plan.address = address;
    if (hasLink()) {
        emit(BridgeReport::disconnected(target_, DisconnectReason::host()));
        releaseLink(plan);
    } else if (phase_ == Phase::Releasing) {
        plan_ = plan;
    } else {
        if (phase_ == Phase::Scanning) {
            io_.stopScan();
        }
        startConnecting(address);
    }
}

void BridgeCore::hostAuto(bool enabled) {
    autoConnect_ = enabled;
    if (!enabled && phase_ == Phase::Waiting && plan_.connect) {
        startScanning();
    }
}

void BridgeCore::hostPin(const HostCommand& command) {
    const bool changed = command.hasAddress != hasPin_ || (hasPin_ && pin_ != command.address);
    hasPin_ = command.hasAddress;
    if (hasPin_) {
        pin_ = command.address;
    }
    if (changed) {
        io_.savePin(hasPin_ ? &pin_ : nullptr);
    }
    if (hasPin_ && target_ != pin_) {
        if (hasLink()) {
            emit(BridgeReport::disconnected(target_, DisconnectReason::host()));
            releaseLink(scanNow());
        } else if (phase_ == Phase::Waiting && plan_.connect) {
            startScanning();
        }
    }
}

void BridgeCore::startScanning() {
    advertisers_.clear();
    foundInWindow_ = false;
    io_.startScan();
    enter(Phase::Scanning);
    emit(BridgeReport::scanning());
}

void BridgeCore::endScanWindow() {
    io_.stopScan();
    if (foundInWindow_) {
        // Something answered (AUTO OFF, or not the pinned one): look again soon.
        scanBackoff_.reset();
    } else {
        emit(BridgeReport::notFound());
    }
    Plan plan = scanNow();
    plan.delayMs = scanBackoff_.next();
    schedule(plan);
}

void BridgeCore::startConnecting(const BleAddress& address) {
    target_ = address;
    io_.connect(address);
    enter(Phase::Connecting);
    emit(BridgeReport::connecting(address));
}

void BridgeCore::becomeConnected() {
    deviceLine_.reset();
    scanBackoff_.reset();
    reconnectBackoff_.reset();
    enter(Phase::Connected);
    emit(BridgeReport::connected(target_));
}

void BridgeCore::rejectPeer() {
    emit(BridgeReport::notRecognized(target_));
    Plan plan = scanNow();
    plan.delayMs = scanBackoff_.next();
    releaseLink(plan);
}

void BridgeCore::writeTimedOut() {
    // The radio allows one ATT request at a time and only an answer or the link going down ends
    // it, so no later command could be written on this link: drop it and reconnect.
    emit(BridgeReport::error(ErrorCode::WriteTimeout));
    emit(BridgeReport::disconnected(target_, DisconnectReason::timeout()));
    releaseLink(afterLinkLoss());
}

void BridgeCore::releaseLink(const Plan& plan) {
    const bool wasPending = phase_ == Phase::Connecting;
    deviceLine_.reset();
    // No answer will come for a write on a link being dropped.
    writeInFlight_ = false;
    if (linkUp_) {
        dropRequested_ = true;
        plan_ = plan;
        io_.disconnect();
        enter(Phase::Releasing);
        return;
    }
    if (wasPending) {
        io_.disconnect();
    }
    schedule(plan);
}

void BridgeCore::schedule(const Plan& plan) {
    if (plan.delayMs == 0) {
        follow(plan);
        return;
    }
    plan_ = plan;
    enter(Phase::Waiting);
}

void BridgeCore::follow(const Plan& plan) {
    if (plan.connect) {
        startConnecting(plan.address);
    } else {
        startScanning();
    }
}

BridgeCore::Plan BridgeCore::afterLinkLoss() {
    if (!autoConnect_) {
        return scanNow();
    }
    Plan plan;
    plan.connect = true;
    plan.address = target_;
    plan.delayMs = reconnectBackoff_.next();
    return plan;
}

BridgeCore::Plan BridgeCore::scanNow() const {
    Plan plan;
    plan.connect = false;
    plan.address = BleAddress();
    plan.delayMs = 0;
    return plan;
}

bool BridgeCore::hasLink() const {
    return phase_ == Phase::Connecting || phase_ == Phase::Discovering || phase_ == Phase::Subscribing ||
           phase_ == Phase::Connected;
}

bool BridgeCore::pinAllows(const BleAddress& address) const {
    return !hasPin_ || pin_ == address;
}

void BridgeCore::enter(Phase phase) {
    phase_ = phase;
    phaseStartMs_ = nowMs_;
    const LedMode led = phase == Phase::Connected ? LedMode::Connected : LedMode::Searching;
    if (!ledKnown_ || led != led_) {
        ledKnown_ = true;
        led_ = led;
        io_.setLed(led);
    }
}

bool BridgeCore::elapsed(uint32_t durationMs) const {
    // Unsigned subtraction stays right across the 49-day wrap of a millisecond clock.
    return nowMs_ - phaseStartMs_ >= durationMs;
}

void BridgeCore::emit(const TextLine& line) {
    TextLine terminated = line;
    terminated.terminate();
    io_.usbWrite(terminated.data(), terminated.length());
}
