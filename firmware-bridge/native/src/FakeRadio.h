#pragma once

#include <stddef.h>
#include <stdint.h>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <bluefruit.h>

#include "Advertiser.h"
#include "GripFitLink.h"
#include "RadioFaults.h"

/// The SoftDevice, its BLE task and the air around the bridge. Bluefruit's API calls come in from
/// the loop task; the radio's own thread (the BLE task) reports adverts, links, write answers and
/// notifications through the sketch's callbacks, never while holding its lock, as the SoftDevice
/// hands events to Bluefruit. One GripFit (GripFitLink) with the NUS service; with `crowd`, ten
/// other advertisers. Timing is coarse: one connection event per interval, up to six
/// notifications of at most 20 bytes each (ATT payload at the default MTU).
class FakeRadio {
public:
    static FakeRadio& shared();

    void configure(const RadioFaults& faults, GripFitLink* gripfit);
    void start();
    void stop();

    // Bluefruit's side.
    void setEventCallback(AdafruitBluefruit::event_callback_t callback);
    void setConnectCallback(BLECentral::connect_callback_t callback);
    void setDisconnectCallback(BLECentral::disconnect_callback_t callback);
    void addCharacteristic(BLEClientCharacteristic* characteristic);
    bool startScan();
    bool stopScan();
    bool resumeScan();
    bool connect(const ble_gap_addr_t& peer);
    uint32_t cancelConnect();
    bool disconnect(uint16_t connHandle);
    BLEConnection* connection(uint16_t connHandle);
    bool discoverService(uint16_t connHandle, BLEClientService& service);
    uint8_t discoverCharacteristics(uint16_t connHandle, BLEClientCharacteristic& first, BLEClientCharacteristic& second);
    uint16_t discoverDescriptors(uint16_t connHandle, ble_gattc_evt_desc_disc_rsp_t* response, uint16_t size,
                                 ble_gattc_handle_range_t range);
    uint32_t write(uint16_t connHandle, const ble_gattc_write_params_t& params);

private:
    typedef std::function<void()> Action;

    FakeRadio();
    void run();
    void step(uint32_t nowMs, std::vector<Action>& actions);
    void advertise(uint32_t nowMs, std::vector<Action>& actions);
    void connectionEvent(uint32_t nowMs, std::vector<Action>& actions);
    void startFault(uint32_t nowMs);
    void answerWrite(std::vector<Action>& actions);
    void notifyUpTo(size_t count, size_t maxBytes, std::vector<Action>& actions);
    void linkDown(uint8_t reason, std::vector<Action>& actions);
    void pullFromGripFit();
    bool gripfitAway(uint32_t nowMs) const;
    bool linkMatches(uint16_t connHandle) const;

    std::mutex lock_;
    std::thread thread_;
    std::atomic<bool> running_;
    RadioFaults faults_;
    GripFitLink* gripfit_;

    AdafruitBluefruit::event_callback_t eventCallback_;
    BLECentral::connect_callback_t connectCallback_;
    BLECentral::disconnect_callback_t disconnectCallback_;
    BLEClientCharacteristic* tx_;

    std::vector<Advertiser> advertisers_;
    /// Reports waiting for the scanner: advertiser index, scan response or not.
    struct PendingReport {
        size_t advertiser;
        bool scanResponse;
    };
    static const size_t kPendingReports = 8;
    std::vector<PendingReport> pending_;
    bool scanning_;
    bool scanPaused_;
    /// The scanner's one report buffer, reused for every report once the scan resumes.
    uint8_t scanBuffer_[31];

    bool connecting_;
    ble_gap_addr_t target_;
    bool linkUp_;
    /// The other advertisers with NUS take a connection but have no GATT table to discover.
    bool peerIsGripFit_;
    uint32_t linkCount_;
    BLEConnection connection_;
    uint32_t nextEventMs_;
    uint32_t linkDownAtMs_;
    uint8_t linkDownReason_;
    bool cccdOn_;
    uint32_t timingUpdateAtMs_;

    bool writePending_;
    uint16_t writeHandle_;
    const uint8_t* writeValue_;
    uint16_t writeLength_;
    uint32_t writeAnswerAtMs_;

    /// The GripFit's own TX queue: device bytes not yet notified.
    static const size_t kPeripheralBuffer = 4096;
    std::vector<uint8_t> peripheral_;

    // Timed faults.
    uint32_t nextFaultAtMs_;
    size_t faultTurn_;
    uint32_t holdUntilMs_;
    bool stallOnRelease_;
    bool failNextWrite_;
    bool dropMidLine_;
    uint32_t awayUntilMs_;
};
