// The bridge sketch on the host: setup() then loop() on this thread, the fake radio's BLE task and
// the USB port on threads of their own. Prints the pty path on its first line, as
// `gripfit-serial simulate` does, and runs until SIGINT/SIGTERM or until the GripFit goes away.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <vector>

#include <Arduino.h>

#include "FakeRadio.h"
#include "GripFitLink.h"
#include "NativeFlash.h"
#include "RadioFaults.h"
#include "UsbCdc.h"

void setup();
void loop();

namespace {

std::atomic<bool> stopRequested(false);

void onSignal(int signal) {
    (void)signal;
    stopRequested = true;
}

int usage(const char* program) {
    fprintf(stderr,
            "usage: %s --gripfit-socket <path> [--flash <dir>] [--fault <name>]... [--fault-period-ms <ms>]\n"
            "          [--bootloader <program> <argument>...]\n"
            "  <path>: where `gripfit-serial simulate --serve-gripfit <path>` serves the GripFit\n"
            "  --bootloader: the rest of the line is run in this process's place on a 1200-baud touch\n"
            "  faults: %s, all\n",
            program, RadioFaults::kNames);
    return 64;
}

}  // namespace

int main(int argc, char** argv) {
    const char* socketPath = nullptr;
    const char* flash = nullptr;
    RadioFaults faults;
    std::vector<std::string> bootloader;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (strcmp(argv[i], "--gripfit-socket") == 0 && hasValue) {
            socketPath = argv[++i];
        } else if (strcmp(argv[i], "--flash") == 0 && hasValue) {
            flash = argv[++i];
        } else if (strcmp(argv[i], "--fault") == 0 && hasValue) {
            if (!faults.enable(argv[++i])) {
                return usage(argv[0]);
            }
        } else if (strcmp(argv[i], "--fault-period-ms") == 0 && hasValue) {
            faults.periodMs = static_cast<uint32_t>(strtoul(argv[++i], nullptr, 10));
        } else if (strcmp(argv[i], "--bootloader") == 0 && hasValue) {
            bootloader.assign(argv + i + 1, argv + argc);
            break;
        } else {
            return usage(argv[0]);
        }
    }
    if (socketPath == nullptr) {
        return usage(argv[0]);
    }
    char scratch[] = "/tmp/gripfit-bridge-flash.XXXXXX";
    if (flash == nullptr) {
        flash = mkdtemp(scratch);
    }
    if (flash == nullptr || !NativeFlash::useDirectory(flash)) {
        fprintf(stderr, "no flash directory\n");
        return 1;
    }

    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = onSignal;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    signal(SIGPIPE, SIG_IGN);

    GripFitLink gripfit;
    if (!gripfit.open(socketPath, 10000)) {
        return 1;
    }
    UsbCdc& usb = UsbCdc::shared();
    if (!usb.open()) {
        return 1;
    }
    usb.setBootloader(bootloader);
    printf("%s\n", usb.path().c_str());
    fflush(stdout);

    FakeRadio& radio = FakeRadio::shared();
    radio.configure(faults, &gripfit);
    usb.start();
    setup();
    radio.start();
    while (!stopRequested && !gripfit.closed()) {
        loop();
        yield();
    }
    radio.stop();
    usb.stop();
    if (flash == scratch) {
        NativeFlash::removeDirectory(scratch);
    }
    return 0;
}
