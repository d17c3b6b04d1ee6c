#ifndef GRIPFIT_SHIMS_H
#define GRIPFIT_SHIMS_H

/// Thin wrappers for calls Swift cannot make directly (variadic ioctl) or safely (signal handlers).
/// Each returns what the C call returns and leaves errno as the call set it.

/// flock(2); Swift sees the name as the struct.
int gripfit_flock(int fd, int operation);
int gripfit_set_exclusive(int fd);
int gripfit_clear_exclusive(int fd);

/// Installs SIGINT/SIGTERM/SIGHUP handlers that write the signal number to a non-blocking,
/// close-on-exec pipe, so a poll() loop can see them. Returns the read end, or -1 with errno.
int gripfit_signal_pipe_install(void);
/// Restores the default dispositions installed above.
void gripfit_signal_pipe_uninstall(void);

/// For a save (one at a time): SIGINT/SIGTERM/SIGHUP write their number to `write_fd` instead of
/// their handlers running, so a second Ctrl-C cannot cut the save short yet a thread can see it.
/// The dispositions before are kept and put back by the uninstall. Returns 0, or -1 with errno.
int gripfit_shield_install(int write_fd);
void gripfit_shield_uninstall(void);

/// SIGWINCH as a readable descriptor of its own (a resize must not end a session as the signals
/// above do). Returns the read end, or -1 with errno; uninstall restores the default disposition.
int gripfit_winch_pipe_install(void);
void gripfit_winch_pipe_uninstall(void);

/// The terminal's width in columns (TIOCGWINSZ), or -1 with errno; 0 when the terminal does not say.
int gripfit_terminal_columns(int fd);

/// inotify, for the simulator to see the host open and close its pty.
int gripfit_inotify_init(void);
int gripfit_inotify_watch_open_close(int fd, const char *path);
/// Reads pending inotify events; returns +opens -closes in *delta, or -1 with errno.
int gripfit_inotify_drain(int fd, int *delta);

/// pipe2(O_NONBLOCK | O_CLOEXEC), which Glibc's Swift overlay does not expose.
int gripfit_pipe(int fds[2]);

/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC), which Glibc's Swift overlay does not expose: a wake-up
/// for a poll() loop from other threads.
int gripfit_eventfd(void);

/// A pseudo-terminal master, ready for use; its slave path goes to `path`.
int gripfit_open_pty(char *path, unsigned long path_size);

/// A Unix stream socket listening at `path` (an old socket file there is replaced), non-blocking
/// and close-on-exec; -1 with errno.
int gripfit_unix_listen(const char *path);
/// A Unix stream socket connected to `path`, blocking and close-on-exec; -1 with errno.
int gripfit_unix_connect(const char *path);

#endif
