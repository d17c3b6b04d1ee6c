#pragma once
// TinyUSB's device controller events and the nRF52840 USBD setup registers the sketch reads in
// `tud_event_hook_cb`. The native UsbCdc fills them and calls the hook as the USB interrupt would.

#include <stdint.h>

enum { DCD_EVENT_SETUP_RECEIVED = 6 };

struct NativeUsbdRegisters {
    volatile uint32_t BMREQUESTTYPE;
    volatile uint32_t BREQUEST;
    volatile uint32_t WVALUEL;
};

extern NativeUsbdRegisters nativeUsbd;
#define NRF_USBD (&nativeUsbd)

extern "C" void tud_event_hook_cb(uint8_t rhport, uint32_t eventid, bool in_isr);
