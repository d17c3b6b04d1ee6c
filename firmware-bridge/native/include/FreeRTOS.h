#pragma once
// The FreeRTOS queue and timer calls the sketch makes, over host threads (NativeQueue, NativeTimer).

#include <stddef.h>
#include <stdint.h>

typedef uint32_t TickType_t;
typedef unsigned long UBaseType_t;
typedef long BaseType_t;

#define pdTRUE 1
#define pdFALSE 0
#define pdPASS 1
/// The Adafruit core's FreeRTOS ticks at 1 kHz.
#define pdMS_TO_TICKS(ms) ((TickType_t)(ms))

class NativeQueue;
typedef NativeQueue* QueueHandle_t;

QueueHandle_t xQueueCreate(UBaseType_t length, UBaseType_t itemSize);
/// Waits up to `ticks` for room; pdTRUE if the item was queued.
BaseType_t xQueueSend(QueueHandle_t queue, const void* item, TickType_t ticks);
BaseType_t xQueueReceive(QueueHandle_t queue, void* item, TickType_t ticks);
UBaseType_t uxQueueSpacesAvailable(QueueHandle_t queue);

class NativeTimer;
typedef NativeTimer* TimerHandle_t;
typedef void (*TimerCallbackFunction_t)(TimerHandle_t timer);

TimerHandle_t xTimerCreate(const char* name, TickType_t period, UBaseType_t autoReload, void* id,
                           TimerCallbackFunction_t callback);
BaseType_t xTimerStart(TimerHandle_t timer, TickType_t ticks);
