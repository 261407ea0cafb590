#!/usr/bin/env python3
"""Run a command; print its wall time and CPU time (user + system, of it
and its children) in seconds and its peak RSS in MiB (of the largest
process, from getrusage) on stderr as "time=.. cpu=.. rss=..".
Usage: peak-rss.py CMD ARGS... (a pipeline: peak-rss.py sh -c '...')."""
import resource
import subprocess
import sys
import time

t0 = time.monotonic()
rc = subprocess.call(sys.argv[1:])
wall = time.monotonic() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stderr.write("time=%.3f cpu=%.3f rss=%.1f\n" % (wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024))
sys.exit(rc)
