#!/usr/bin/env python3
"""Write a git fast-import stream of N squash-merge commits on main.

Commit i is dated 2024-01-01 + i * 15 minutes, with mixed UTC offsets and
a realistic subject; about 40% carry bracket tags, some of them the CuTe
slice. Usage: gen-history.py N | git fast-import --quiet
"""
import sys

TAGS = ["", "", "", "[cute] ", "[Pallas] ", "[ROCm][CI] ", "[autotuner] ", "", "[docs] ", "",
        "", "[CuTe] [reland] ", "", "[benchmarks] ", "", "[cutedsl] ", "", "", "[triton] ", ""]
WORDS = ["Fix", "Add", "Tune", "Simplify", "Cache", "Pad", "Fuse", "Split", "Share", "Drop"]
OFFSETS = ["+0000", "-0700", "+0200", "+0530", "-0400"]
START = 1704067200  # 2024-01-01T00:00:00Z


def main():
    n = int(sys.argv[1])
    out = sys.stdout.buffer
    for i in range(n):
        subject = ("%s%s kernel path %d (#%d)" % (TAGS[i % len(TAGS)], WORDS[i % len(WORDS)],
                                                 i % 97, 1000 + i)).encode()
        data = b"change %d\n" % i
        out.write(b"commit refs/heads/main\n")
        out.write(b"committer Bench Bot <bot@example.com> %d %s\n"
                  % (START + i * 900, OFFSETS[i % len(OFFSETS)].encode()))
        out.write(b"data %d\n%s\n" % (len(subject), subject))
        out.write(b"M 100644 inline helion/f%d.py\ndata %d\n%s\n" % (i % 50, len(data), data))


main()
