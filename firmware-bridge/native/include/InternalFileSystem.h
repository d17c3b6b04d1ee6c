#pragma once
// The board's internal flash file system, kept in a host directory (NativeFlash).

#include "Adafruit_LittleFS.h"

class InternalFileSystem : public Adafruit_LittleFS_Namespace::Adafruit_LittleFS {};

extern InternalFileSystem InternalFS;
