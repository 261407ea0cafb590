#!/usr/bin/env python3
"""Run a command; print its wall time and CPU time (user + system, of it
and its children) in seconds and its peak RSS in MiB (of the largest
process) on stderr as "time=.. cpu=.. rss=..".
Usage: peak-rss.py CMD ARGS... (a pipeline: peak-rss.py sh -c '...').

GNU time (/usr/bin/time) starts the command: a child forked from Python
would carry Python's own ~14 MB and ~50 ms of CPU in the figures."""
import os
import subprocess
import sys
import tempfile
import time

with tempfile.NamedTemporaryFile("r") as f:
    t0 = time.monotonic()
    rc = subprocess.call(["/usr/bin/time", "-q", "-f", "%U %S %M", "-o", f.name] + sys.argv[1:])
    wall = time.monotonic() - t0
    fields = f.read().split()
user, system, kib = float(fields[-3]), float(fields[-2]), int(fields[-1])
sys.stderr.write("time=%.3f cpu=%.3f rss=%.1f\n" % (wall, user + system, kib / 1024))
sys.exit(rc)
