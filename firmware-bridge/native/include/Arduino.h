#pragma once
// The part of the Arduino core (Adafruit nRF52) the bridge sketch uses, for the native build.
// Implemented in native/src over the host's clock and threads; nothing here talks to hardware.

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "FreeRTOS.h"

#define HIGH 1
#define LOW 0
#define OUTPUT 1
#define LED_BLUE 4
#define LED_STATE_ON 1

/// Milliseconds since the native bridge started (the board's: since reset).
uint32_t millis();
void delay(uint32_t ms);
/// Lets other tasks run; the native build sleeps a little so that a waiting loop does not spin.
void yield();
void pinMode(uint8_t pin, uint8_t mode);
void digitalWrite(uint8_t pin, uint8_t value);
