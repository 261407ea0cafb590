#!/usr/bin/env python3
"""Run a command with SIGPIPE ignored and stdout on a pipe whose reading
end is already closed, so every write fails with EPIPE; exit with its
status (what `cmd | head` gives a program under nohup or a shell that
ignores SIGPIPE).

  closed-pipe.py <cmd> [<arg>...]
"""
import os
import signal
import subprocess
import sys

r, w = os.pipe()
os.close(r)
signal.signal(signal.SIGPIPE, signal.SIG_IGN)
# restore_signals=False: the child inherits SIG_IGN, as under such a shell.
p = subprocess.run(sys.argv[1:], stdout=w, restore_signals=False)
sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)
