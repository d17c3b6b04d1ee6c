/* The floor for the 50 Hz rows: the least a poll loop like gripfit-serial's can do per reading.
 * It polls what the link driver polls (the port, a signal pipe, a command eventfd), reads the
 * port into one buffer and writes what came to stdout, with nothing parsed or formatted between.
 * end-to-end.py builds it with `cc` and runs it beside `cat` (a blocking read, no poll at all).
 * Usage: poll-floor PTY_PATH */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: poll-floor PTY_PATH\n");
        return 64;
    }
    int port = open(argv[1], O_RDWR | O_NOCTTY | O_NONBLOCK);
    int signals[2];
    int inbox = eventfd(0, EFD_NONBLOCK);
    if (port < 0 || pipe(signals) != 0 || inbox < 0) {
        perror(argv[1]);
        return 74;
    }
    static char buffer[16384];
    if (write(1, "ready\n", 6) != 6) return 74;
    for (;;) {
        struct pollfd descriptors[3] = {{port, POLLIN, 0}, {signals[0], POLLIN, 0}, {inbox, POLLIN, 0}};
        if (poll(descriptors, 3, 2000) < 0) {
            perror("poll");
            return 74;
        }
        if (descriptors[0].revents == 0) continue;
        ssize_t count = read(port, buffer, sizeof buffer);
        if (count <= 0) return count == 0 ? 0 : 74;
        if (write(1, buffer, (size_t)count) != count) return 74;
    }
}
