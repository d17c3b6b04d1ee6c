#pragma once
// The part of Bluefruit52Lib and the S140 SoftDevice API the bridge sketch uses, for the native
// build. Types keep the SoftDevice's field names; the calls go to FakeRadio, which plays the
// SoftDevice, its BLE task and the air with a GripFit and other advertisers in it.

#include <stddef.h>
#include <stdint.h>

#include "Arduino.h"

#define NRF_SUCCESS 0
#define NRF_ERROR_INVALID_STATE 8
#define NRF_ERROR_DATA_SIZE 12
#define NRF_ERROR_BUSY 17

#define BLE_CONN_HANDLE_INVALID 0xFFFF
#define BLE_GATT_HANDLE_INVALID 0x0000
#define BLE_GAP_ADDR_TYPE_PUBLIC 0x00
#define BLE_GAP_ADDR_TYPE_RANDOM_STATIC 0x01
#define BLE_GAP_ADDR_LEN 6

#define BLE_GATT_STATUS_SUCCESS 0x0000
#define BLE_GATT_STATUS_ATTERR_INVALID 0x0100
#define BLE_GATT_OP_WRITE_REQ 0x01

#define BLE_UUID_TYPE_BLE 0x01
#define BLE_UUID_TYPE_VENDOR_BEGIN 0x02
#define BLE_UUID_CHARACTERISTIC 0x2803
#define BLE_UUID_DESCRIPTOR_CLIENT_CHAR_CONFIG 0x2902

#define BLE_GAP_AD_TYPE_FLAGS 0x01
#define BLE_GAP_AD_TYPE_128BIT_SERVICE_UUID_COMPLETE 0x07
#define BLE_GAP_AD_TYPE_SHORT_LOCAL_NAME 0x08
#define BLE_GAP_AD_TYPE_COMPLETE_LOCAL_NAME 0x09

#define BLE_HCI_CONNECTION_TIMEOUT 0x08
#define BLE_HCI_REMOTE_USER_TERMINATED_CONNECTION 0x13
#define BLE_HCI_LOCAL_HOST_TERMINATED_CONNECTION 0x16

enum {
    BLE_GAP_EVT_CONN_PARAM_UPDATE = 0x12,
    BLE_GAP_EVT_ADV_REPORT = 0x1D,
    BLE_GATTC_EVT_WRITE_RSP = 0x38,
};

struct ble_gap_addr_t {
    uint8_t addr_id_peer : 1;
    uint8_t addr_type : 7;
    uint8_t addr[BLE_GAP_ADDR_LEN];
};

struct ble_data_t {
    uint8_t* p_data;
    uint16_t len;
};

struct ble_gap_evt_adv_report_t {
    ble_gap_addr_t peer_addr;
    int8_t rssi;
    ble_data_t data;
};

struct ble_gap_conn_params_t {
    uint16_t min_conn_interval;
    uint16_t max_conn_interval;
    uint16_t slave_latency;
    uint16_t conn_sup_timeout;
};

struct ble_gap_evt_conn_param_update_t {
    ble_gap_conn_params_t conn_params;
};

struct ble_gap_evt_t {
    uint16_t conn_handle;
    union {
        ble_gap_evt_adv_report_t adv_report;
        ble_gap_evt_conn_param_update_t conn_param_update;
    } params;
};

struct ble_gattc_evt_write_rsp_t {
    uint16_t handle;
    uint8_t write_op;
    uint16_t offset;
    uint16_t len;
};

struct ble_gattc_evt_t {
    uint16_t conn_handle;
    uint16_t gatt_status;
    uint16_t error_handle;
    union {
        ble_gattc_evt_write_rsp_t write_rsp;
    } params;
};

struct ble_evt_hdr_t {
    uint16_t evt_id;
    uint16_t evt_len;
};

struct ble_evt_t {
    ble_evt_hdr_t header;
    union {
        ble_gap_evt_t gap_evt;
        ble_gattc_evt_t gattc_evt;
    } evt;
};

struct ble_uuid_t {
    uint16_t uuid;
    uint8_t type;
};

struct ble_gattc_handle_range_t {
    uint16_t start_handle;
    uint16_t end_handle;
};

struct ble_gattc_desc_t {
    uint16_t handle;
    ble_uuid_t uuid;
};

struct ble_gattc_evt_desc_disc_rsp_t {
    uint16_t count;
    ble_gattc_desc_t descs[1];
};

struct ble_gattc_write_params_t {
    uint8_t write_op;
    uint8_t flags;
    uint16_t handle;
    uint16_t offset;
    uint16_t len;
    const uint8_t* p_value;
};

uint32_t sd_ble_gap_connect_cancel();
uint32_t sd_ble_gattc_write(uint16_t conn_handle, const ble_gattc_write_params_t* params);

extern const uint8_t BLEUART_UUID_SERVICE[16];
extern const uint8_t BLEUART_UUID_CHR_RXD[16];
extern const uint8_t BLEUART_UUID_CHR_TXD[16];

/// A 128-bit UUID, least significant byte first as on air (the sketch uses NUS's only).
class BLEUuid {
public:
    explicit BLEUuid(const uint8_t (&uuid128)[16]);
    bool operator==(const BLEUuid& other) const;
    const uint8_t* bytes128() const { return uuid128_; }

private:
    uint8_t uuid128_[16];
};

class BLEClientService {
public:
    explicit BLEClientService(BLEUuid uuid);
    bool begin();
    /// Blocks while the radio looks for the service, as Bluefruit's does.
    bool discover(uint16_t connHandle);
    ble_gattc_handle_range_t getHandleRange() const { return range_; }
    BLEUuid uuid;

    // Native only: what discovery found.
    void setHandleRange(ble_gattc_handle_range_t range) { range_ = range; }

private:
    ble_gattc_handle_range_t range_;
};

class BLEClientCharacteristic {
public:
    typedef void (*notify_cb_t)(BLEClientCharacteristic* characteristic, uint8_t* data, uint16_t length);

    explicit BLEClientCharacteristic(BLEUuid uuid);
    /// The fake radio always calls it in its BLE task, as Bluefruit does with `useAdaCallback` false
    /// (the sketch's choice); Bluefruit's callback task is not modelled.
    void setNotifyCallback(notify_cb_t callback, bool useAdaCallback = true);
    bool begin(BLEClientService* parent = NULL);
    uint16_t valueHandle() const { return valueHandle_; }
    BLEUuid uuid;

    // Native only.
    void setValueHandle(uint16_t handle) { valueHandle_ = handle; }
    notify_cb_t notifyCallback() const { return notify_; }

private:
    uint16_t valueHandle_;
    notify_cb_t notify_;
};

class BLEConnection {
public:
    BLEConnection();
    ble_gap_addr_t getPeerAddr() const { return peer_; }
    uint16_t getConnectionInterval() const { return params_.max_conn_interval; }
    uint16_t getSlaveLatency() const { return params_.slave_latency; }
    uint16_t getSupervisionTimeout() const { return params_.conn_sup_timeout; }

    // Native only.
    void set(const ble_gap_addr_t& peer, const ble_gap_conn_params_t& params);

private:
    ble_gap_addr_t peer_;
    ble_gap_conn_params_t params_;
};

class BLEScanner {
public:
    void restartOnDisconnect(bool enable);
    void useActiveScan(bool enable);
    void setInterval(uint16_t interval, uint16_t window);
    bool start(uint16_t timeout);
    bool stop();
    /// After each report the SoftDevice waits for this before it reports again.
    bool resume();
    bool checkReportForUuid(const ble_gap_evt_adv_report_t* report, BLEUuid uuid);
    uint8_t parseReportByType(const ble_gap_evt_adv_report_t* report, uint8_t type, uint8_t* buffer, uint8_t size);
};

class BLECentral {
public:
    typedef void (*connect_callback_t)(uint16_t connHandle);
    typedef void (*disconnect_callback_t)(uint16_t connHandle, uint8_t reason);
    void setConnectCallback(connect_callback_t callback);
    void setDisconnectCallback(disconnect_callback_t callback);
    bool connect(const ble_gap_addr_t* peer);
};

class BLEDiscovery {
public:
    /// Finds these characteristics of the service discovered last; blocks, returns how many it found.
    uint8_t discoverCharacteristic(uint16_t connHandle, BLEClientCharacteristic& first, BLEClientCharacteristic& second);
    uint16_t _discoverDescriptor(uint16_t connHandle, ble_gattc_evt_desc_disc_rsp_t* response, uint16_t size,
                                 ble_gattc_handle_range_t range);
};

class AdafruitBluefruit {
public:
    typedef void (*event_callback_t)(ble_evt_t* event);
    void autoConnLed(bool enable);
    bool begin(uint8_t peripheralCount, uint8_t centralCount);
    void setName(const char* name);
    void setEventCallback(event_callback_t callback);
    BLEConnection* Connection(uint16_t connHandle);
    bool disconnect(uint16_t connHandle);

    BLEScanner Scanner;
    BLECentral Central;
    BLEDiscovery Discovery;
};

extern AdafruitBluefruit Bluefruit;
