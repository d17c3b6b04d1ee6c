#include "FakeRadio.h"

#include <string.h>

#include <chrono>

#include "LoopStall.h"

namespace {

const uint16_t kConnHandle = 0;
// The GripFit's GATT table: NUS from 0x0010, TX value, its CCCD, then RX.
const uint16_t kNusStart = 0x0010;
const uint16_t kTxDeclaration = 0x0011;
const uint16_t kTxValue = 0x0012;
const uint16_t kTxCccd = 0x0013;
const uint16_t kRxDeclaration = 0x0014;
const uint16_t kRxValue = 0x0015;
const uint16_t kNusEnd = 0x0015;

const size_t kAttPayload = 20;
const size_t kNotificationsPerEvent = 6;
/// 1.25 ms units: 30 ms at first, 15 ms after the peripheral's update; 10 ms units: 4 s.
const uint16_t kIntervalUnits = 24;
const uint16_t kUpdatedIntervalUnits = 12;
const uint16_t kSupervisionUnits = 400;
const uint32_t kSupervisionMs = 4000;
const uint32_t kTimingUpdateAfterMs = 1500;
const uint32_t kSlowCccdMs = 2500;
const uint32_t kHoldMs = 2000;
const uint32_t kLoopStallMs = 400;
const uint32_t kAwayMs = 8000;
/// Discovery takes a few round trips.
const uint32_t kDiscoveryMs = 60;
const uint8_t kAttWriteNotPermitted = 0x03;
const uint8_t kAttInvalidHandle = 0x01;

const char kGripFitAddress[] = "C0:FF:EE:00:00:01";

uint32_t nowMs() {
    return millis();
}

uint32_t intervalMs(const BLEConnection& connection) {
    return connection.getConnectionInterval() * 5u / 4u;
}

}  // namespace

FakeRadio& FakeRadio::shared() {
    static FakeRadio radio;
    return radio;
}

FakeRadio::FakeRadio()
    : running_(false),
      gripfit_(nullptr),
      eventCallback_(nullptr),
      connectCallback_(nullptr),
      disconnectCallback_(nullptr),
      tx_(nullptr),
      scanning_(false),
      scanPaused_(false),
      connecting_(false),
      linkUp_(false),
      peerIsGripFit_(false),
      linkCount_(0),
      nextEventMs_(0),
      linkDownAtMs_(0),
      linkDownReason_(0),
      cccdOn_(false),
      timingUpdateAtMs_(0),
      writePending_(false),
      writeHandle_(0),
      writeValue_(nullptr),
      writeLength_(0),
      writeAnswerAtMs_(0),
      nextFaultAtMs_(0),
      faultTurn_(0),
      holdUntilMs_(0),
      stallOnRelease_(false),
      failNextWrite_(false),
      dropMidLine_(false),
      awayUntilMs_(0) {
    memset(scanBuffer_, 0, sizeof(scanBuffer_));
    memset(&target_, 0, sizeof(target_));
}

void FakeRadio::configure(const RadioFaults& faults, GripFitLink* gripfit) {
    std::lock_guard<std::mutex> guard(lock_);
    faults_ = faults;
    gripfit_ = gripfit;
    advertisers_.clear();
    advertisers_.push_back(
        Advertiser::make(kGripFitAddress, BLE_GAP_ADDR_TYPE_RANDOM_STATIC, -55, "_GRIPFIT", true, true, 100));
    if (faults.crowd) {
        static const struct {
            const char* address;
            const char* name;
            bool nus;
        } others[] = {
            {"11:22:33:44:55:01", "Phone", false},       {"11:22:33:44:55:02", "Watch", false},
            {"11:22:33:44:55:03", "Thingy NUS", true},   {"11:22:33:44:55:04", "", true},
            {"11:22:33:44:55:05", "X_GRIPFIT", false},   {"11:22:33:44:55:06", "Headphones", false},
            {"11:22:33:44:55:07", "Tag", false},          {"11:22:33:44:55:08", "UART bridge", true},
            {"11:22:33:44:55:09", "Scale", false},        {"11:22:33:44:55:0A", "TV", false},
        };
        int8_t rssi = -40;
        uint32_t interval = 30;
        for (const auto& other : others) {
            advertisers_.push_back(Advertiser::make(other.address, BLE_GAP_ADDR_TYPE_PUBLIC, rssi, other.name,
                                                    other.nus, false, interval));
            rssi = static_cast<int8_t>(rssi - 4);
            interval += 17;
        }
    }
}

void FakeRadio::start() {
    running_ = true;
    thread_ = std::thread(&FakeRadio::run, this);
}

void FakeRadio::stop() {
    running_ = false;
    LoopStall::release();
    if (thread_.joinable()) {
        thread_.join();
    }
}

void FakeRadio::run() {
    std::vector<Action> actions;
    while (running_) {
        {
            std::lock_guard<std::mutex> guard(lock_);
            step(nowMs(), actions);
        }
        for (size_t i = 0; i < actions.size(); ++i) {
            actions[i]();
        }
        actions.clear();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

void FakeRadio::step(uint32_t now, std::vector<Action>& actions) {
    pullFromGripFit();
    if (awayUntilMs_ != 0 && now >= awayUntilMs_) {
        awayUntilMs_ = 0;
    }
    advertise(now, actions);
    if (linkUp_ && linkDownAtMs_ != 0 && now >= linkDownAtMs_) {
        linkDown(linkDownReason_, actions);
        return;
    }
    if (linkUp_ && now >= nextEventMs_) {
        nextEventMs_ = now + intervalMs(connection_);
        connectionEvent(now, actions);
    }
}

bool FakeRadio::gripfitAway(uint32_t now) const {
    return awayUntilMs_ != 0 && now < awayUntilMs_;
}

void FakeRadio::advertise(uint32_t now, std::vector<Action>& actions) {
    for (size_t i = 0; i < advertisers_.size(); ++i) {
        Advertiser& advertiser = advertisers_[i];
        if (now < advertiser.nextMs) {
            continue;
        }
        advertiser.nextMs = now + advertiser.intervalMs;
        const bool isGripFit = i == 0;
        if (isGripFit && (gripfitAway(now) || linkUp_)) {
            continue;
        }
        if (connecting_ && advertiser.connectable && advertiser.sameAddress(target_.addr, target_.addr_type)) {
            // CONNECT_IND answers this advert: the link is up.
            connecting_ = false;
            linkUp_ = true;
            peerIsGripFit_ = isGripFit;
            ++linkCount_;
            cccdOn_ = false;
            peripheral_.clear();
            ble_gap_conn_params_t params = {kIntervalUnits, kIntervalUnits, 0, kSupervisionUnits};
            ble_gap_addr_t peer = target_;
            connection_.set(peer, params);
            nextEventMs_ = now + intervalMs(connection_);
            linkDownAtMs_ = 0;
            timingUpdateAtMs_ = 0;
            BLECentral::connect_callback_t callback = connectCallback_;
            actions.push_back([callback] {
                if (callback != nullptr) {
                    callback(kConnHandle);
                }
            });
            continue;
        }
        if (!scanning_) {
            continue;
        }
        if (pending_.size() + 2 <= kPendingReports) {
            pending_.push_back(PendingReport{i, false});
            pending_.push_back(PendingReport{i, true});
        }
    }
    if (!scanning_ || scanPaused_ || pending_.empty()) {
        return;
    }
    const PendingReport report = pending_.front();
    pending_.erase(pending_.begin());
    const Advertiser& advertiser = advertisers_[report.advertiser];
    memset(scanBuffer_, 0, sizeof(scanBuffer_));
    const size_t length = advertiser.payload(report.scanResponse, scanBuffer_);
    scanPaused_ = true;
    ble_evt_t event;
    memset(&event, 0, sizeof(event));
    event.header.evt_id = BLE_GAP_EVT_ADV_REPORT;
    event.evt.gap_evt.conn_handle = BLE_CONN_HANDLE_INVALID;
    ble_gap_evt_adv_report_t& adv = event.evt.gap_evt.params.adv_report;
    adv.peer_addr.addr_type = advertiser.addressType;
    memcpy(adv.peer_addr.addr, advertiser.address, sizeof(adv.peer_addr.addr));
    adv.rssi = static_cast<int8_t>(advertiser.rssi - static_cast<int8_t>(now % 5));
    adv.data.p_data = scanBuffer_;
    adv.data.len = static_cast<uint16_t>(length);
    AdafruitBluefruit::event_callback_t callback = eventCallback_;
    actions.push_back([callback, event]() mutable {
        if (callback != nullptr) {
            callback(&event);
        }
    });
}

void FakeRadio::connectionEvent(uint32_t now, std::vector<Action>& actions) {
    if (gripfitAway(now)) {
        if (linkDownAtMs_ == 0) {
            linkDownAtMs_ = now + kSupervisionMs;
            linkDownReason_ = BLE_HCI_CONNECTION_TIMEOUT;
        }
        return;
    }
    if (holdUntilMs_ != 0) {
        if (now < holdUntilMs_) {
            return;
        }
        holdUntilMs_ = 0;
        if (stallOnRelease_) {
            stallOnRelease_ = false;
            // The loop task is off the CPU while the held notifications arrive back to back.
            lock_.unlock();
            LoopStall::request(kLoopStallMs);
            lock_.lock();
        }
        notifyUpTo(peripheral_.size(), peripheral_.size(), actions);
    }
    if (writePending_ && now >= writeAnswerAtMs_) {
        answerWrite(actions);
    }
    if (!cccdOn_) {
        return;
    }
    if (timingUpdateAtMs_ != 0 && now >= timingUpdateAtMs_) {
        timingUpdateAtMs_ = 0;
        ble_gap_conn_params_t params = {kUpdatedIntervalUnits, kUpdatedIntervalUnits, 0, kSupervisionUnits};
        connection_.set(connection_.getPeerAddr(), params);
        ble_evt_t event;
        memset(&event, 0, sizeof(event));
        event.header.evt_id = BLE_GAP_EVT_CONN_PARAM_UPDATE;
        event.evt.gap_evt.conn_handle = kConnHandle;
        event.evt.gap_evt.params.conn_param_update.conn_params = params;
        AdafruitBluefruit::event_callback_t callback = eventCallback_;
        actions.push_back([callback, event]() mutable {
            if (callback != nullptr) {
                callback(&event);
            }
        });
    }
    if (dropMidLine_) {
        const void* newline = memchr(peripheral_.data(), '\n', peripheral_.size());
        const size_t before = newline == nullptr ? 0 : static_cast<const uint8_t*>(newline) - peripheral_.data();
        if (before > 0) {
            dropMidLine_ = false;
            notifyUpTo(1, before < kAttPayload ? before : kAttPayload, actions);
            linkDown(BLE_HCI_REMOTE_USER_TERMINATED_CONNECTION, actions);
            return;
        }
    }
    notifyUpTo(kNotificationsPerEvent, kNotificationsPerEvent * kAttPayload, actions);
    if (faults_.anyTimed() && now >= nextFaultAtMs_) {
        nextFaultAtMs_ = now + faults_.periodMs;
        startFault(now);
    }
}

void FakeRadio::startFault(uint32_t now) {
    for (int tries = 0; tries < RadioFaults::kTimedCount; ++tries) {
        const RadioFaults::Timed fault = static_cast<RadioFaults::Timed>(faultTurn_++ % RadioFaults::kTimedCount);
        if (!faults_.timed[fault]) {
            continue;
        }
        switch (fault) {
        case RadioFaults::Lose:
            holdUntilMs_ = now + kHoldMs;
            stallOnRelease_ = true;
            break;
        case RadioFaults::Burst:
            holdUntilMs_ = now + kHoldMs;
            break;
        case RadioFaults::WriteFail:
            failNextWrite_ = true;
            break;
        case RadioFaults::DropMidLine:
            dropMidLine_ = true;
            break;
        case RadioFaults::OutOfRange:
            awayUntilMs_ = now + kAwayMs;
            break;
        case RadioFaults::kTimedCount:
            break;
        }
        return;
    }
}

void FakeRadio::notifyUpTo(size_t count, size_t maxBytes, std::vector<Action>& actions) {
    BLEClientCharacteristic* tx = tx_;
    for (size_t sent = 0; sent < count && maxBytes > 0 && !peripheral_.empty(); ++sent) {
        size_t length = peripheral_.size() < kAttPayload ? peripheral_.size() : kAttPayload;
        length = length < maxBytes ? length : maxBytes;
        maxBytes -= length;
        std::vector<uint8_t> payload(peripheral_.begin(), peripheral_.begin() + static_cast<long>(length));
        peripheral_.erase(peripheral_.begin(), peripheral_.begin() + static_cast<long>(length));
        actions.push_back([tx, payload]() mutable {
            if (tx != nullptr && tx->notifyCallback() != nullptr) {
                tx->notifyCallback()(tx, payload.data(), static_cast<uint16_t>(payload.size()));
            }
        });
    }
}

void FakeRadio::answerWrite(std::vector<Action>& actions) {
    writePending_ = false;
    uint16_t status = BLE_GATT_STATUS_SUCCESS;
    if (writeHandle_ == kTxCccd) {
        cccdOn_ = writeLength_ == 2 && writeValue_[0] == 0x01;
        if (cccdOn_) {
            timingUpdateAtMs_ = nowMs() + kTimingUpdateAfterMs;
            if (nextFaultAtMs_ < nowMs()) {
                nextFaultAtMs_ = nowMs() + faults_.periodMs;
            }
            if (gripfit_ != nullptr) {
                gripfit_->linkUp();
            }
        }
    } else if (writeHandle_ == kRxValue) {
        if (failNextWrite_) {
            failNextWrite_ = false;
            status = BLE_GATT_STATUS_ATTERR_INVALID + kAttWriteNotPermitted;
        } else if (gripfit_ != nullptr) {
            // The SoftDevice reads the value when it sends it: the caller's buffer must still hold it.
            gripfit_->received(writeValue_, writeLength_);
        }
    } else {
        status = BLE_GATT_STATUS_ATTERR_INVALID + kAttInvalidHandle;
    }
    ble_evt_t event;
    memset(&event, 0, sizeof(event));
    event.header.evt_id = BLE_GATTC_EVT_WRITE_RSP;
    event.evt.gattc_evt.conn_handle = kConnHandle;
    event.evt.gattc_evt.gatt_status = status;
    event.evt.gattc_evt.error_handle = status == BLE_GATT_STATUS_SUCCESS ? BLE_GATT_HANDLE_INVALID : writeHandle_;
    event.evt.gattc_evt.params.write_rsp.handle = status == BLE_GATT_STATUS_SUCCESS ? writeHandle_ : 0;
    event.evt.gattc_evt.params.write_rsp.write_op = BLE_GATT_OP_WRITE_REQ;
    AdafruitBluefruit::event_callback_t callback = eventCallback_;
    actions.push_back([callback, event]() mutable {
        if (callback != nullptr) {
            callback(&event);
        }
    });
}

void FakeRadio::linkDown(uint8_t reason, std::vector<Action>& actions) {
    linkUp_ = false;
    cccdOn_ = false;
    writePending_ = false;
    linkDownAtMs_ = 0;
    holdUntilMs_ = 0;
    stallOnRelease_ = false;
    dropMidLine_ = false;
    peripheral_.clear();
    if (gripfit_ != nullptr) {
        gripfit_->linkDown();
    }
    BLECentral::disconnect_callback_t callback = disconnectCallback_;
    actions.push_back([callback, reason] {
        if (callback != nullptr) {
            callback(kConnHandle, reason);
        }
    });
}

void FakeRadio::pullFromGripFit() {
    if (gripfit_ == nullptr) {
        return;
    }
    uint8_t bytes[256];
    if (!cccdOn_) {
        // Nothing is subscribed: whatever the device still sends goes nowhere.
        while (gripfit_->take(bytes, sizeof(bytes)) > 0) {
        }
        return;
    }
    const size_t room = kPeripheralBuffer - peripheral_.size();
    const size_t count = gripfit_->take(bytes, room < sizeof(bytes) ? room : sizeof(bytes));
    peripheral_.insert(peripheral_.end(), bytes, bytes + count);
}

bool FakeRadio::linkMatches(uint16_t connHandle) const {
    return linkUp_ && connHandle == kConnHandle;
}

void FakeRadio::setEventCallback(AdafruitBluefruit::event_callback_t callback) {
    std::lock_guard<std::mutex> guard(lock_);
    eventCallback_ = callback;
}

void FakeRadio::setConnectCallback(BLECentral::connect_callback_t callback) {
    std::lock_guard<std::mutex> guard(lock_);
    connectCallback_ = callback;
}

void FakeRadio::setDisconnectCallback(BLECentral::disconnect_callback_t callback) {
    std::lock_guard<std::mutex> guard(lock_);
    disconnectCallback_ = callback;
}

void FakeRadio::addCharacteristic(BLEClientCharacteristic* characteristic) {
    std::lock_guard<std::mutex> guard(lock_);
    if (characteristic->uuid == BLEUuid(BLEUART_UUID_CHR_TXD)) {
        tx_ = characteristic;
    }
}

bool FakeRadio::startScan() {
    std::lock_guard<std::mutex> guard(lock_);
    if (scanning_ || connecting_) {
        return false;
    }
    scanning_ = true;
    scanPaused_ = false;
    pending_.clear();
    return true;
}

bool FakeRadio::stopScan() {
    std::lock_guard<std::mutex> guard(lock_);
    scanning_ = false;
    scanPaused_ = false;
    pending_.clear();
    return true;
}

bool FakeRadio::resumeScan() {
    std::lock_guard<std::mutex> guard(lock_);
    if (!scanning_) {
        return false;
    }
    scanPaused_ = false;
    // The buffer is the SoftDevice's again: a report still read from it after this is garbage.
    memset(scanBuffer_, 0xA5, sizeof(scanBuffer_));
    return true;
}

bool FakeRadio::connect(const ble_gap_addr_t& peer) {
    std::lock_guard<std::mutex> guard(lock_);
    if (scanning_ || connecting_ || linkUp_) {
        return false;
    }
    connecting_ = true;
    target_ = peer;
    return true;
}

uint32_t FakeRadio::cancelConnect() {
    std::lock_guard<std::mutex> guard(lock_);
    if (!connecting_) {
        return NRF_ERROR_INVALID_STATE;
    }
    connecting_ = false;
    return NRF_SUCCESS;
}

bool FakeRadio::disconnect(uint16_t connHandle) {
    std::lock_guard<std::mutex> guard(lock_);
    if (!linkMatches(connHandle)) {
        return false;
    }
    if (linkDownAtMs_ == 0 || linkDownReason_ != BLE_HCI_LOCAL_HOST_TERMINATED_CONNECTION) {
        linkDownAtMs_ = nowMs() + intervalMs(connection_);
        linkDownReason_ = BLE_HCI_LOCAL_HOST_TERMINATED_CONNECTION;
    }
    return true;
}

BLEConnection* FakeRadio::connection(uint16_t connHandle) {
    std::lock_guard<std::mutex> guard(lock_);
    return linkMatches(connHandle) ? &connection_ : nullptr;
}

bool FakeRadio::discoverService(uint16_t connHandle, BLEClientService& service) {
    std::this_thread::sleep_for(std::chrono::milliseconds(kDiscoveryMs));
    std::lock_guard<std::mutex> guard(lock_);
    if (!linkMatches(connHandle) || !peerIsGripFit_ || gripfitAway(nowMs()) ||
        !(service.uuid == BLEUuid(BLEUART_UUID_SERVICE))) {
        return false;
    }
    ble_gattc_handle_range_t range = {kNusStart, kNusEnd};
    service.setHandleRange(range);
    return true;
}

uint8_t FakeRadio::discoverCharacteristics(uint16_t connHandle, BLEClientCharacteristic& first,
                                          BLEClientCharacteristic& second) {
    std::this_thread::sleep_for(std::chrono::milliseconds(kDiscoveryMs));
    std::lock_guard<std::mutex> guard(lock_);
    if (!linkMatches(connHandle) || !peerIsGripFit_) {
        return 0;
    }
    uint8_t found = 0;
    BLEClientCharacteristic* wanted[] = {&first, &second};
    for (BLEClientCharacteristic* characteristic : wanted) {
        if (characteristic->uuid == BLEUuid(BLEUART_UUID_CHR_TXD)) {
            characteristic->setValueHandle(kTxValue);
            ++found;
        } else if (characteristic->uuid == BLEUuid(BLEUART_UUID_CHR_RXD)) {
            characteristic->setValueHandle(kRxValue);
            ++found;
        }
    }
    return found;
}

uint16_t FakeRadio::discoverDescriptors(uint16_t connHandle, ble_gattc_evt_desc_disc_rsp_t* response, uint16_t size,
                                        ble_gattc_handle_range_t range) {
    std::this_thread::sleep_for(std::chrono::milliseconds(kDiscoveryMs));
    std::lock_guard<std::mutex> guard(lock_);
    if (!linkMatches(connHandle) || !peerIsGripFit_) {
        return 0;
    }
    static const ble_gattc_desc_t table[] = {
        {kTxDeclaration, {BLE_UUID_CHARACTERISTIC, BLE_UUID_TYPE_BLE}},
        {kTxValue, {0x0003, BLE_UUID_TYPE_VENDOR_BEGIN}},
        {kTxCccd, {BLE_UUID_DESCRIPTOR_CLIENT_CHAR_CONFIG, BLE_UUID_TYPE_BLE}},
        {kRxDeclaration, {BLE_UUID_CHARACTERISTIC, BLE_UUID_TYPE_BLE}},
        {kRxValue, {0x0002, BLE_UUID_TYPE_VENDOR_BEGIN}},
    };
    const size_t room = (size - offsetof(ble_gattc_evt_desc_disc_rsp_t, descs)) / sizeof(ble_gattc_desc_t);
    uint16_t count = 0;
    for (const ble_gattc_desc_t& descriptor : table) {
        if (descriptor.handle >= range.start_handle && descriptor.handle <= range.end_handle && count < room) {
            response->descs[count++] = descriptor;
        }
    }
    response->count = count;
    return count;
}

uint32_t FakeRadio::write(uint16_t connHandle, const ble_gattc_write_params_t& params) {
    std::lock_guard<std::mutex> guard(lock_);
    if (!linkMatches(connHandle) || params.write_op != BLE_GATT_OP_WRITE_REQ) {
        return NRF_ERROR_INVALID_STATE;
    }
    if (writePending_) {
        return NRF_ERROR_BUSY;
    }
    if (params.len > kAttPayload) {
        return NRF_ERROR_DATA_SIZE;
    }
    writePending_ = true;
    writeHandle_ = params.handle;
    writeValue_ = params.p_value;
    writeLength_ = params.len;
    const bool slow = faults_.slowCccd && params.handle == kTxCccd && linkCount_ % 2 == 0;
    writeAnswerAtMs_ = nowMs() + (slow ? kSlowCccdMs : 2 * intervalMs(connection_));
    return NRF_SUCCESS;
}
