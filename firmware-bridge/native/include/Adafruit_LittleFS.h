#pragma once
// Adafruit's LittleFS wrapper, as far as the sketch uses it: whole small files in a host directory.

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FILE_O_READ 0
#define FILE_O_WRITE 1

namespace Adafruit_LittleFS_Namespace {

class Adafruit_LittleFS {
public:
    bool begin();
    bool remove(const char* path);
    /// The host file that stands for `path` (native only).
    bool hostPath(const char* path, char* out, size_t size) const;
};

class File {
public:
    explicit File(Adafruit_LittleFS& fs);
    ~File();
    /// FILE_O_WRITE appends, as LittleFS's does.
    bool open(const char* path, uint8_t mode);
    size_t write(const char* data, size_t length);
    int read(void* data, size_t length);
    void close();

private:
    File(const File&);
    File& operator=(const File&);
    Adafruit_LittleFS& fs_;
    FILE* file_;
};

}  // namespace Adafruit_LittleFS_Namespace
