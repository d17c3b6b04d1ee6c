#include "GripFitLink.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

GripFitLink::GripFitLink() : fd_(-1) {}

GripFitLink::~GripFitLink() {
    if (fd_ >= 0) {
        close(fd_);
    }
}

bool GripFitLink::open(const char* path, uint32_t waitMs) {
    sockaddr_un address;
    memset(&address, 0, sizeof(address));
    address.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof(address.sun_path)) {
        fprintf(stderr, "gripfit socket path too long: %s\n", path);
        return false;
    }
    strcpy(address.sun_path, path);
    const uint32_t stepMs = 50;
    for (uint32_t waited = 0;; waited += stepMs) {
        fd_ = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd_ < 0) {
            perror("socket");
            return false;
        }
        if (connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0) {
            return true;
        }
        const int error = errno;
        close(fd_);
        fd_ = -1;
        if (waited >= waitMs || (error != ENOENT && error != ECONNREFUSED)) {
            fprintf(stderr, "cannot reach the simulated GripFit at %s: %s\n", path, strerror(error));
            return false;
        }
        const timespec pause = {0, static_cast<long>(stepMs) * 1000000L};
        nanosleep(&pause, nullptr);
    }
}

void GripFitLink::linkUp() {
    send("UP\n", 3);
}

void GripFitLink::linkDown() {
    send("DOWN\n", 5);
}

void GripFitLink::received(const uint8_t* data, size_t length) {
    send(reinterpret_cast<const char*>(data), length);
}

size_t GripFitLink::take(uint8_t* out, size_t size) {
    if (fd_ < 0 || size == 0) {
        return 0;
    }
    const ssize_t count = read(fd_, out, size);
    if (count > 0) {
        return static_cast<size_t>(count);
    }
    if (count == 0 || (errno != EAGAIN && errno != EINTR)) {
        close(fd_);
        fd_ = -1;
    }
    return 0;
}

// Control lines are tiny and the server reads them at once: a short blocking wait for room is
// enough, and a server that stopped reading is treated as gone.
void GripFitLink::send(const char* data, size_t length) {
    size_t sent = 0;
    while (fd_ >= 0 && sent < length) {
        const ssize_t count = write(fd_, data + sent, length - sent);
        if (count > 0) {
            sent += static_cast<size_t>(count);
            continue;
        }
        if (count < 0 && (errno == EAGAIN || errno == EINTR)) {
            pollfd room = {fd_, POLLOUT, 0};
            if (poll(&room, 1, 1000) > 0) {
                continue;
            }
        }
        close(fd_);
        fd_ = -1;
    }
}
