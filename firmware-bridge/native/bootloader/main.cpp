// A fake Adafruit nRF52 bootloader in serial DFU mode on a pty, for the host's `bridge update` and
// for adafruit-nrfutil. Prints the pty path on its first line, as the native bridge does; writes
// the application image it received, once its CRC16 matched, to --image-out and exits 0 when the
// host closes the port, as the real bootloader activates the image and resets. Exits 3 when a `vanish` fault fires and 4 on a
// packet the real bootloader's error handler answers with a reset (the port vanishes either way).
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <termios.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "DfuFaults.h"
#include "FakeBootloader.h"

namespace {

int usage(const char* program) {
    fprintf(stderr,
            "usage: %s --image-out <file> [--fault <name>:<n>]... [--then <program> <argument>...]\n"
            "  faults (n counts packets from 1, the start packet): %s\n"
            "  --then: the rest of the line is run in this process's place once a whole image is written\n"
            "          and the host has closed the port (the new firmware starting)\n",
            program, DfuFaults::kNames);
    return 64;
}

bool writeImage(const char* path, const std::vector<uint8_t>& image) {
    const std::string partial = std::string(path) + ".partial";
    FILE* file = fopen(partial.c_str(), "wb");
    if (file == nullptr) {
        fprintf(stderr, "fake bootloader: cannot create %s: %s\n", partial.c_str(), strerror(errno));
        return false;
    }
    const bool written = fwrite(image.data(), 1, image.size(), file) == image.size();
    const int writeErrno = errno;
    if (fclose(file) != 0 || !written) {
        fprintf(stderr, "fake bootloader: cannot write %s: %s\n", partial.c_str(), strerror(written ? errno : writeErrno));
        return false;
    }
    if (rename(partial.c_str(), path) != 0) {
        fprintf(stderr, "fake bootloader: cannot rename %s to %s: %s\n", partial.c_str(), path, strerror(errno));
        return false;
    }
    return true;
}

// The host's opens and closes of the slave path, one inotify event at a time: an open and a close
// read together are still two edges.
class HostOpens {
public:
    explicit HostOpens(int inotify) : inotify_(inotify), count_(0) {}

    /// Reads the pending events; calls `closed()` each time the last host descriptor closes.
    template <typename Closed>
    void follow(Closed closed) {
        alignas(inotify_event) char buffer[4096];
        for (;;) {
            const ssize_t count = ::read(inotify_, buffer, sizeof(buffer));
            if (count <= 0) {
                return;
            }
            for (ssize_t offset = 0; offset < count;) {
                const inotify_event* event = reinterpret_cast<const inotify_event*>(buffer + offset);
                if (event->mask & IN_OPEN) {
                    if (count_++ == 0) {
                        fprintf(stderr, "fake bootloader: the host opened the port\n");
                    }
                }
                if ((event->mask & (IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)) && count_ > 0 && --count_ == 0) {
                    closed();
                }
                offset += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
            }
        }
    }

private:
    int inotify_;
    int count_;
};

}  // namespace

int main(int argc, char** argv) {
    const char* imageOut = nullptr;
    DfuFaults faults;
    char** then = nullptr;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (strcmp(argv[i], "--image-out") == 0 && hasValue) {
            imageOut = argv[++i];
        } else if (strcmp(argv[i], "--fault") == 0 && hasValue) {
            if (!faults.enable(argv[++i])) {
                return usage(argv[0]);
            }
        } else if (strcmp(argv[i], "--then") == 0 && hasValue) {
            then = argv + i + 1;
            break;
        } else {
            return usage(argv[0]);
        }
    }
    if (imageOut == nullptr) {
        return usage(argv[0]);
    }

    const int master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        perror("fake bootloader: posix_openpt");
        return 1;
    }
    char name[128];
    if (ptsname_r(master, name, sizeof(name)) != 0) {
        perror("fake bootloader: ptsname_r");
        return 1;
    }
    // The fake keeps the slave open itself, in raw mode, so the master never hangs up between the
    // host's opens (a 1200-baud touch, then the transfer) and the line discipline never echoes.
    const int slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    termios raw;
    if (slave < 0 || tcgetattr(slave, &raw) != 0) {
        fprintf(stderr, "fake bootloader: cannot open %s: %s\n", name, strerror(errno));
        return 1;
    }
    cfmakeraw(&raw);
    if (tcsetattr(slave, TCSANOW, &raw) != 0) {
        fprintf(stderr, "fake bootloader: cannot make %s raw: %s\n", name, strerror(errno));
        return 1;
    }
    const int inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (inotify < 0 || inotify_add_watch(inotify, name, IN_OPEN | IN_CLOSE) < 0) {
        fprintf(stderr, "fake bootloader: cannot watch %s: %s\n", name, strerror(errno));
        return 1;
    }
    printf("%s\n", name);
    fflush(stdout);

    FakeBootloader bootloader(faults);
    HostOpens hostOpens(inotify);
    bool complete = false;
    std::vector<uint8_t> reply;
    for (;;) {
        pollfd fds[2] = {{master, POLLIN, 0}, {inotify, POLLIN, 0}};
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            perror("fake bootloader: poll");
            return 1;
        }
        uint8_t buffer[4096];
        const ssize_t count = ::read(master, buffer, sizeof(buffer));
        if (count < 0 && errno != EAGAIN && errno != EINTR) {
            perror("fake bootloader: read");
            return 1;
        }
        reply.clear();
        const FakeBootloader::Outcome outcome =
            count > 0 ? bootloader.receive(buffer, static_cast<size_t>(count), reply) : FakeBootloader::Outcome::Running;
        if (!reply.empty() && ::write(master, reply.data(), reply.size()) != static_cast<ssize_t>(reply.size())) {
            // An acknowledgement the bootloader cannot send is lost; the host retransmits.
            fprintf(stderr, "fake bootloader: acknowledgement not written: %s\n", strerror(errno));
        }
        switch (outcome) {
            case FakeBootloader::Outcome::Running:
                break;
            case FakeBootloader::Outcome::Complete:
                if (!writeImage(imageOut, bootloader.image())) {
                    return 1;
                }
                // The image is activated and the bootloader resets into it: the port goes away
                // once the host has read the last acknowledgement and closed it.
                complete = true;
                break;
            case FakeBootloader::Outcome::Vanish:
                return 3;
            case FakeBootloader::Outcome::Reset:
                fprintf(stderr, "fake bootloader: the real bootloader's error handler resets the chip here\n");
                return 4;
        }
        // Inotify after the data: a host that wrote and closed at once is served first.
        bool finished = false;
        hostOpens.follow([&]() {
            if (complete) {
                finished = true;
            }
            bootloader.hostClosed();
            tcflush(slave, TCIFLUSH);
        });
        if (finished) {
            if (then == nullptr) {
                return 0;
            }
            // The bootloader starts the new application; this pty goes away (every descriptor
            // here is close-on-exec) as the bootloader's USB device does.
            fflush(stdout);
            execv(then[0], then);
            fprintf(stderr, "fake bootloader: cannot start %s: %s\n", then[0], strerror(errno));
            return 1;
        }
    }
}
