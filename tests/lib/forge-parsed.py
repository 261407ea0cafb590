#!/usr/bin/env python3
"""Forge a parsed cache file as an attacker without the cache's key would:
it knows the format and its public hash (cache_hash() in
common/dashboard/cache.c, ported below), not the key.

  forge-parsed.py flatten <parsed> <platform> <from-date> <factor>
      divide the helion speedup of <platform>'s entries dated <from-date>
      or later by <factor> (a -12% step made flat), then hash the payload
      again and write the hash where the header keeps it.
  forge-parsed.py relabel <parsed> <other parsed>
      replace <parsed> with <other parsed> (a genuine parsed file of
      another JSON, same filter) whose header and key now name the JSON
      <parsed> was made from.

Versions 3 (the format before the key: its payload hash) and 5 (its
seal) are both handled, so that the same forgery runs against the old
and the new reader.
"""
import os
import struct
import sys

M = (1 << 64) - 1
CHUNK = 1 << 20
COUNTS = 56


def step(h, w):
    h = ((h ^ w) * 0xff51afd7ed558ccd) & M
    return h ^ (h >> 29)


def cache_hash(b):
    n = len(b)
    lane = [0x9e3779b97f4a7c15 ^ n, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb, 0x2545f4914f6cdd1d]
    i = 0
    while n - i >= 32:
        for k in range(4):
            lane[k] = step(lane[k], int.from_bytes(b[i + 8 * k:i + 8 * k + 8], "little"))
        i += 32
    h = lane[0]
    for k in range(1, 4):
        h = step(h, lane[k])
    while n - i >= 8:
        h = step(h, int.from_bytes(b[i:i + 8], "little"))
        i += 8
    while i < n:
        h = ((h ^ b[i]) * 0x100000001b3) & M
        i += 1
    h ^= h >> 33
    h = (h * 0xc4ceb9fe1a85ec53) & M
    return h ^ (h >> 33)


def add(h, chunk):
    return ((h ^ cache_hash(chunk)) * 0x100000001b3) & M


def payload_hash(p):
    h = 0
    for at in range(COUNTS, len(p), CHUNK):
        h = add(h, p[at:at + CHUNK])
    h = add(h, p[:COUNTS])
    return add(h, len(p).to_bytes(8, "little"))


class Parsed:
    def __init__(self, data):
        self.version = struct.unpack_from("<I", data, 8)[0]
        if self.version == 3:
            self.header, self.row_size = 80, 48
            self.src = ["size", "mtime", "mtime_ns", "ino", "dev", "hash"]
        elif self.version in (5, 6):  # 6: the same layout, read with the last of equal keys
            self.header, self.row_size = 96, 56
            self.src = ["size", "mtime", "mtime_ns", "ctime", "ctime_ns", "ino", "dev", "hash"]
        else:
            sys.exit("forge-parsed.py: unknown version %d" % self.version)
        self.data = bytearray(data)

    def payload(self):
        return self.data[self.header:]

    def counts(self):
        return struct.unpack_from("<7Q", self.data, self.header)

    def layout(self):
        key_len, _, _, nr_rows, nr_entries, nr_baselines, _ = self.counts()
        rows = self.header + COUNTS + (key_len + 7) // 8 * 8
        entries = rows + nr_rows * self.row_size
        strings = entries + nr_entries * 96 + nr_baselines * 16
        return rows, entries, strings, nr_rows

    def string(self, off):
        _, _, strings, _ = self.layout()
        end = self.data.index(0, strings + off)
        return self.data[strings + off:end].decode()

    def seal(self):
        """What the reader checks, as far as the format without a key says."""
        struct.pack_into("<Q", self.data, self.header - 8, payload_hash(self.payload()))


def flatten(path, platform, since, factor):
    p = Parsed(open(path, "rb").read())
    rows, entries, _, nr_rows = p.layout()
    for r in range(nr_rows):
        kernel, plat, short, first, nr = struct.unpack_from("<5Q", p.data, rows + r * p.row_size)
        if p.string(short) != platform:
            continue
        for e in range(first, first + nr):
            at = entries + e * 96
            date = p.string(struct.unpack_from("<I", p.data, at + 12)[0])
            if date >= since:
                helion = struct.unpack_from("<d", p.data, at + 40)[0]
                struct.pack_into("<d", p.data, at + 40, helion / factor)
    p.seal()
    open(path, "wb").write(p.data)


def relabel(path, other):
    victim = Parsed(open(path, "rb").read())
    p = Parsed(open(other, "rb").read())
    # the header's source fields: the victim's (the JSON it names)
    src = 16 + 8 * len(p.src)
    p.data[16:src] = victim.data[16:src]
    # the key opens the payload after its counts: the victim's source path
    key_len = p.counts()[0]
    victim_len = victim.counts()[0]
    if key_len != victim_len:
        sys.exit("forge-parsed.py: keys of different lengths")
    at = p.header + COUNTS
    p.data[at:at + key_len] = victim.data[victim.header + COUNTS:victim.header + COUNTS + key_len]
    p.seal()
    open(path, "wb").write(p.data)


if __name__ == "__main__":
    if sys.argv[1] == "flatten":
        flatten(sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5]))
    elif sys.argv[1] == "relabel":
        relabel(sys.argv[2], sys.argv[3])
    else:
        sys.exit("forge-parsed.py: flatten or relabel")
