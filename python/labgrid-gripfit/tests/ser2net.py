"""Debian's ser2net (4.x, YAML) exporting a tty on 127.0.0.1, raw and RFC 2217, on TCP ports the
kernel picks: read from the running server, never picked here and bound again."""

import ctypes
import os
import select
import shutil
import signal
import subprocess
import tempfile
from typing import List

IN_CLOSE_WRITE = 0x08
IN_MOVED_TO = 0x80
_libc = ctypes.CDLL(None, use_errno=True)


class Ser2Net:
    """`raw_port` and `rfc2217_port` once it listens; stop() ends it."""

    def __init__(self, tty: str, bound: float = 60.0):
        executable = shutil.which("ser2net", path="/usr/sbin:/usr/bin:/sbin:/bin")
        if executable is None:
            raise RuntimeError("ser2net is not installed: make deps installs it (Debian package ser2net)")
        self._scratch = tempfile.TemporaryDirectory(prefix="gripfit-ser2net-")
        config = os.path.join(self._scratch.name, "ser2net.yaml")
        pid_file = os.path.join(self._scratch.name, "ser2net.pid")
        with open(config, "w", encoding="utf-8") as out:
            out.write("connection: &gripfit-raw\n"
                      "  accepter: tcp,127.0.0.1,0\n"
                      f"  connector: serialdev,{tty},115200n81,local\n"
                      "connection: &gripfit-rfc2217\n"
                      "  accepter: telnet(rfc2217),tcp,127.0.0.1,0\n"
                      f"  connector: serialdev,{tty},115200n81,local\n")
        # ser2net writes its pid file once its accepters listen: that is the sign it is ready,
        # waited for on inotify, with its pidfd ending the wait should it die first.
        watch = _libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if watch < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1 for ser2net's pid file")
        try:
            if _libc.inotify_add_watch(watch, self._scratch.name.encode(), IN_CLOSE_WRITE | IN_MOVED_TO) < 0:
                raise OSError(ctypes.get_errno(), f"inotify_add_watch on {self._scratch.name}")
            self._process = subprocess.Popen([executable, "-n", "-d", "-c", config, "-P", pid_file],
                                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL)
            ended = os.pidfd_open(self._process.pid)
            try:
                poller = select.poll()
                poller.register(watch, select.POLLIN)
                poller.register(ended, select.POLLIN)
                while not _has_contents(pid_file):
                    ready = poller.poll(bound * 1000)
                    if not ready or any(fd == ended for fd, _ in ready):
                        break
                    while True:
                        try:
                            os.read(watch, 4096)
                        except BlockingIOError:
                            break
            finally:
                os.close(ended)
        finally:
            os.close(watch)
        ports = _listening_ports(self._process.pid) if _has_contents(pid_file) else []
        if len(ports) != 2:
            self.stop()
            raise RuntimeError(f"ser2net did not listen on two ports within {bound} s with {config} "
                               f"(ports seen: {ports}); run ser2net -n -d -c {config} to see why")
        self.raw_port, self.rfc2217_port = ports

    def stop(self):
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(20)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._scratch.cleanup()


def _has_contents(path: str) -> bool:
    try:
        return os.path.getsize(path) > 0
    except FileNotFoundError:
        return False


def _listening_ports(pid: int) -> List[int]:
    """The TCP ports `pid` listens on, in the order its sockets were made (the config's order)."""
    directory = f"/proc/{pid}/fd"
    inodes = []
    for entry in os.listdir(directory):
        try:
            target = os.readlink(os.path.join(directory, entry))
        except FileNotFoundError:
            continue
        if target.startswith("socket:["):
            inodes.append(int(target[len("socket:["):-1]))
    listening = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as rows:
                next(rows)
                for row in rows:
                    # sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                    fields = row.split()
                    if len(fields) > 9 and fields[3] == "0A":
                        listening[int(fields[9])] = int(fields[1].rsplit(":", 1)[1], 16)
        except FileNotFoundError:
            continue
    return [listening[inode] for inode in sorted(inodes) if inode in listening]
