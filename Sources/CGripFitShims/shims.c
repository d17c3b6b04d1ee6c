#define _GNU_SOURCE
#include "gripfit_shims.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int gripfit_flock(int fd, int operation) { return flock(fd, operation); }

int gripfit_set_exclusive(int fd) { return ioctl(fd, TIOCEXCL); }

int gripfit_clear_exclusive(int fd) { return ioctl(fd, TIOCNXCL); }

static int signal_write_fd = -1;
static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void on_signal(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    if (signal_write_fd >= 0) {
        ssize_t ignored = write(signal_write_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int gripfit_signal_pipe_install(void) {
    int fds[2];
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    signal_write_fd = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        if (sigaction(handled_signals[i], &action, NULL) != 0) return -1;
        sigaddset(&unblock, handled_signals[i]);
    }
    // A parent may have started us with these blocked (test runners, some supervisors): a
    // handler that never runs would make Ctrl-C and SIGTERM do nothing.
    if (pthread_sigmask(SIG_UNBLOCK, &unblock, NULL) != 0) return -1;
    return fds[0];
}

void gripfit_signal_pipe_uninstall(void) {
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        signal(handled_signals[i], SIG_DFL);
    }
}

static volatile sig_atomic_t shield_write_fd = -1;
static struct sigaction shielded_previous[sizeof handled_signals / sizeof handled_signals[0]];

static void on_shielded_signal(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    int fd = shield_write_fd;
    if (fd >= 0) {
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int gripfit_shield_install(int write_fd) {
    shield_write_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_shielded_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        if (sigaction(handled_signals[i], &action, &shielded_previous[i]) != 0) {
            int saved = errno;
            while (i-- > 0) sigaction(handled_signals[i], &shielded_previous[i], NULL);
            shield_write_fd = -1;
            errno = saved;
            return -1;
        }
    }
    return 0;
}

void gripfit_shield_uninstall(void) {
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        sigaction(handled_signals[i], &shielded_previous[i], NULL);
    }
    shield_write_fd = -1;
}

static int winch_write_fd = -1;

static void on_winch(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    if (winch_write_fd >= 0) {
        ssize_t ignored = write(winch_write_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int gripfit_winch_pipe_install(void) {
    int fds[2];
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    winch_write_fd = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_winch;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGWINCH, &action, NULL) != 0) return -1;
    return fds[0];
}

void gripfit_winch_pipe_uninstall(void) {
    signal(SIGWINCH, SIG_DFL);
    if (winch_write_fd >= 0) close(winch_write_fd);
    winch_write_fd = -1;
}

int gripfit_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    return size.ws_col;
}

int gripfit_inotify_init(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }

int gripfit_inotify_watch_open_close(int fd, const char *path) {
    return inotify_add_watch(fd, path, IN_OPEN | IN_CLOSE);
}

int gripfit_inotify_drain(int fd, int *delta) {
    char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    *delta = 0;
    for (;;) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) return 0;
            return -1;
        }
        for (char *p = buffer; p < buffer + n;) {
            struct inotify_event *event = (struct inotify_event *)p;
            if (event->mask & IN_OPEN) *delta += 1;
            if (event->mask & IN_CLOSE) *delta -= 1;
            p += sizeof(struct inotify_event) + event->len;
        }
    }
}

int gripfit_pipe(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC); }

int gripfit_open_pty(char *path, unsigned long path_size) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, path, path_size) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int gripfit_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/* Fills a Unix socket address for `path`; a path too long for it is ENAMETOOLONG, not cut. */
static int unix_address(const char *path, struct sockaddr_un *address) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address->sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address->sun_path, path);
    return 0;
}

int gripfit_unix_listen(const char *path) {
    struct sockaddr_un address;
    if (unix_address(path, &address) != 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    unlink(path);
    if (bind(fd, (const struct sockaddr *)&address, sizeof address) != 0 || listen(fd, 1) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int gripfit_unix_connect(const char *path) {
    struct sockaddr_un address;
    if (unix_address(path, &address) != 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, (const struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}
