#!/usr/bin/env python3
"""pty-run.py <cmd> [<args>...]: run a command with a terminal (a pty of
100x30) as its standard input, output and error, as from an interactive
shell; copy what it shows to stdout (CRLF as LF) and exit with its status.
Gives up after 60 seconds."""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

pid, fd = pty.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
out = bytearray()
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    r, _, _ = select.select([fd], [], [], 1)
    if not r:
        continue
    try:
        data = os.read(fd, 65536)
    except OSError:  # EIO: the terminal's last user closed it
        break
    if not data:
        break
    out += data
else:
    os.kill(pid, 9)
    sys.stderr.write("pty-run: timed out\n")
_, status = os.waitpid(pid, 0)
sys.stdout.write(out.replace(b"\r\n", b"\n").decode("utf-8", "replace"))
sys.exit(os.waitstatus_to_exitcode(status) if status else 0)
