// InternalFS for the native build: each LittleFS file is a file in a host directory
// (`--flash <dir>`), so a pin survives a restart of the native bridge as it survives a power cycle.
#include <InternalFileSystem.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "NativeFlash.h"

using namespace Adafruit_LittleFS_Namespace;

InternalFileSystem InternalFS;

namespace {

char flashDirectory[512] = "";

}  // namespace

bool NativeFlash::useDirectory(const char* directory) {
    if (strlen(directory) >= sizeof(flashDirectory)) {
        return false;
    }
    if (mkdir(directory, 0700) != 0 && errno != EEXIST) {
        perror(directory);
        return false;
    }
    strcpy(flashDirectory, directory);
    return true;
}

void NativeFlash::removeDirectory(const char* directory) {
    DIR* listing = opendir(directory);
    if (listing != nullptr) {
        while (const dirent* entry = readdir(listing)) {
            if (entry->d_name[0] != '.') {
                char path[800];
                snprintf(path, sizeof(path), "%s/%s", directory, entry->d_name);
                unlink(path);
            }
        }
        closedir(listing);
    }
    rmdir(directory);
}

bool Adafruit_LittleFS::begin() {
    return flashDirectory[0] != '\0';
}

bool Adafruit_LittleFS::hostPath(const char* path, char* out, size_t size) const {
    if (flashDirectory[0] == '\0' || strchr(path + 1, '/') != nullptr) {
        return false;
    }
    const int length = snprintf(out, size, "%s%s", flashDirectory, path);
    return length > 0 && static_cast<size_t>(length) < size;
}

bool Adafruit_LittleFS::remove(const char* path) {
    char host[600];
    return hostPath(path, host, sizeof(host)) && unlink(host) == 0;
}

File::File(Adafruit_LittleFS& fs) : fs_(fs), file_(nullptr) {}

File::~File() {
    close();
}

bool File::open(const char* path, uint8_t mode) {
    close();
    char host[600];
    if (!fs_.hostPath(path, host, sizeof(host))) {
        return false;
    }
    file_ = fopen(host, mode == FILE_O_WRITE ? "ab" : "rb");
    return file_ != nullptr;
}

size_t File::write(const char* data, size_t length) {
    return file_ == nullptr ? 0 : fwrite(data, 1, length, file_);
}

int File::read(void* data, size_t length) {
    return file_ == nullptr ? -1 : static_cast<int>(fread(data, 1, length, file_));
}

void File::close() {
    if (file_ != nullptr) {
        fclose(file_);
        file_ = nullptr;
    }
}
